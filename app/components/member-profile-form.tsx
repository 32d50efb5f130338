import { Form } from "react-router";
import type { FormFieldDef } from "~/domain/collection";
import { JUDGES, MEMBER_FACT_FIELDS, type MemberProfile, memberPath, memberTexts } from "~/domain/members";
import type { ActionResult } from "~/lib/form-actions";
import { Alert } from "./alert";
import { FormField } from "./form-field";

/** The member profile's fields, in the order the form shows them (the API's names). */
const PROFILE_FIELDS: readonly FormFieldDef[] = [
  ...MEMBER_FACT_FIELDS,
  ...JUDGES.map(
    (judge): FormFieldDef => ({
      name: judge.key,
      label: `${judge.label} handle`,
      kind: "text",
      hint: `Optional: ${judge.rule}`,
    }),
  ),
  { name: "github", label: "GitHub", kind: "text", maxLength: 300, hint: "Optional: a https:// link" },
  { name: "linkedin", label: "LinkedIn", kind: "text", maxLength: 300, hint: "Optional: a https:// link" },
  { name: "bio", label: "Bio", kind: "textarea", maxLength: 500, hint: "Optional, up to 500 characters" },
];

function profileValues(profile: MemberProfile): Record<string, string> {
  return {
    name: profile.name,
    batch: profile.batch === null ? "" : String(profile.batch),
    session: profile.session ?? "",
    studentId: profile.studentId ?? "",
    photoURL: profile.photoURL,
    emailVisible: profile.emailVisible ? "on" : "",
    listed: profile.listed ? "on" : "",
    ...Object.fromEntries(JUDGES.map((judge) => [judge.key, profile.handles[judge.key] ?? ""])),
    github: profile.github ?? "",
    linkedin: profile.linkedin ?? "",
    bio: profile.bio,
  };
}

interface MemberProfileSectionProps {
  profile?: MemberProfile;
  claimable?: { id: string; name: string; batch: number | null; session: string | null };
  /** The profile form's last answer (values as typed, errors by field). */
  answer?: ActionResult;
  busy: boolean;
}

/** /dashboard/profile's member part: the profile form, or the offer to claim a record, or why there is none. */
export function MemberProfileSection({ profile, claimable, answer, busy }: MemberProfileSectionProps) {
  const result = answer?.tone && answer.message ? <Alert tone={answer.tone}>{answer.message}</Alert> : null;
  if (!profile && claimable) {
    return (
      <section aria-labelledby="claim-heading" className="card flex flex-col gap-3 p-6">
        <h2 id="claim-heading" className="text-lg font-semibold text-navy-900">
          {memberTexts.claimHeading}
        </h2>
        {result}
        <p className="text-slate-700">
          An admin added <strong>{claimable.name}</strong>
          {claimable.batch === null ? "" : `, batch ${claimable.batch}`}
          {claimable.session ? `, session ${claimable.session}` : ""} to the Students page with your email.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="studentId" value={claimable.id} />
          <button type="submit" className="btn-accent" disabled={busy}>
            {memberTexts.claimButton}
          </button>
        </Form>
      </section>
    );
  }
  if (!profile) {
    return (
      <section aria-labelledby="member-heading" className="card flex flex-col gap-2 p-6">
        <h2 id="member-heading" className="text-lg font-semibold text-navy-900">
          Member profile
        </h2>
        {result}
        <p className="text-slate-700">
          {memberTexts.noProfile} When an admin adds you to the Students page with this account's email, you can claim
          that record here.
        </p>
      </section>
    );
  }
  const values = (answer?.tone === "error" ? answer.values : undefined) ?? profileValues(profile);
  const errors = answer?.tone === "error" ? (answer.errors ?? {}) : {};
  return (
    <Form method="post" className="card flex flex-col gap-4 p-6" aria-labelledby="member-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="member-heading" className="text-lg font-semibold text-navy-900">
          Member profile
        </h2>
        <a href={memberPath(profile.slug)} className="text-sm font-medium text-navy-700 underline">
          See your public page
        </a>
      </div>
      {result}
      <input type="hidden" name="intent" value="member" />
      {PROFILE_FIELDS.map((field) => (
        <FormField key={field.name} field={field} defaultValue={values[field.name]} error={errors[field.name]} />
      ))}
      <YesNoField
        name="emailVisible"
        label={`Show my email (${profile.email}) on the Students page and my public page`}
        checked={values.emailVisible === "on"}
      />
      <YesNoField
        name="listed"
        label="Show me on the Students page and on my own page"
        checked={values.listed === "on"}
      />
      <button type="submit" className="btn-navy self-start" disabled={busy}>
        Save profile
      </button>
    </Form>
  );
}

/** A yes/no of the profile: its box sends "on" when ticked, the hidden field after it "off" when not. */
function YesNoField({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  const id = `profile-${name}`;
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" name={name} defaultChecked={checked} className="size-6 accent-navy-700" />
      <input type="hidden" name={name} value="off" />
      <label htmlFor={id} className="text-slate-800">
        {label}
      </label>
    </div>
  );
}
