import { Form } from "react-router";
import { Alert } from "~/components/alert";
import { FormField, translatedFields } from "~/components/form-field";
import { MEMBER_FIELD_TEXTS } from "~/content/accounts";
import type { FormFieldDef } from "~/core/collection";
import { JUDGES, MEMBER_FACT_FIELDS, type MemberProfile, memberPath } from "~/features/members/members";
import type { MessageKey } from "~/i18n/catalogs";
import { Message, type Translate, useFormat, useT } from "~/i18n/react";
import type { ActionResult } from "~/lib/form-actions";

const BIO_MAX = 500;

/** A judge's handle rule ("3-24 letters, digits or _") as the page's language writes it. */
const HANDLE_RULE_KEYS: Record<string, MessageKey> = {
  "letters, digits, _ . or -": "accounts.profile.ruleWithDotDash",
  "letters, digits or _": "accounts.profile.ruleUnderscore",
};

function handleRule(t: Translate, formatNumber: (value: number) => string, rule: string): string {
  const [, min, max, characters = ""] = /^(\d+)-(\d+) (.+)$/.exec(rule) ?? [];
  const key = HANDLE_RULE_KEYS[characters];
  return key ? t(key, { min: formatNumber(Number(min)), max: formatNumber(Number(max)) }) : rule;
}

/** The member profile's fields, in the order the form shows them (the API's names). */
function profileFields(t: Translate, formatNumber: (value: number) => string): FormFieldDef[] {
  return [
    ...translatedFields(MEMBER_FACT_FIELDS, MEMBER_FIELD_TEXTS, t),
    ...JUDGES.map(
      (judge): FormFieldDef => ({
        name: judge.key,
        label: t("accounts.profile.handle", { judge: judge.label }),
        kind: "text",
        hint: t("accounts.profile.handleHint", { rule: handleRule(t, formatNumber, judge.rule) }),
      }),
    ),
    { name: "github", label: "GitHub", kind: "text", maxLength: 300, hint: t("accounts.profile.linkHint") },
    { name: "linkedin", label: "LinkedIn", kind: "text", maxLength: 300, hint: t("accounts.profile.linkHint") },
    {
      name: "bio",
      label: t("accounts.profile.bio"),
      kind: "textarea",
      maxLength: BIO_MAX,
      hint: t("accounts.profile.bioHint", { max: formatNumber(BIO_MAX) }),
    },
  ];
}

function profileValues(profile: MemberProfile): Record<string, string> {
  return {
    name: profile.name,
    batch: profile.batch === null ? "" : String(profile.batch),
    session: profile.session ?? "",
    studentId: profile.studentId ?? "",
    photoURL: profile.photoURL,
    emailVisible: profile.emailVisible ? "on" : "",
    listed: profile.listed ? "on" : "",
    involvementPublic: profile.involvementPublic ? "on" : "",
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
  const t = useT();
  const format = useFormat();
  const result = answer?.tone && answer.message ? <Alert tone={answer.tone}>{answer.message}</Alert> : null;
  if (!profile && claimable) {
    return (
      <section aria-labelledby="claim-heading" className="card flex flex-col gap-3 p-6">
        <h2 id="claim-heading" className="text-lg font-semibold text-navy-900">
          {t("accounts.profile.claimHeading")}
        </h2>
        {result}
        <p className="text-slate-700">
          <Message
            id="accounts.profile.claimText"
            values={{
              name: claimable.name,
              details:
                (claimable.batch === null
                  ? ""
                  : t("accounts.profile.claimBatch", { batch: format.number(claimable.batch) })) +
                (claimable.session ? t("accounts.profile.claimSession", { session: claimable.session }) : ""),
            }}
            components={{ 0: <strong /> }}
          />
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="studentId" value={claimable.id} />
          <button type="submit" className="btn-accent" disabled={busy}>
            {t("accounts.profile.claimButton")}
          </button>
        </Form>
      </section>
    );
  }
  if (!profile) {
    return (
      <section aria-labelledby="member-heading" className="card flex flex-col gap-2 p-6">
        <h2 id="member-heading" className="text-lg font-semibold text-navy-900">
          {t("accounts.profile.memberHeading")}
        </h2>
        {result}
        <p className="text-slate-700">{t("accounts.profile.noProfile")}</p>
      </section>
    );
  }
  const values = (answer?.tone === "error" ? answer.values : undefined) ?? profileValues(profile);
  const errors = answer?.tone === "error" ? (answer.errors ?? {}) : {};
  return (
    <Form method="post" className="card flex flex-col gap-4 p-6" aria-labelledby="member-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="member-heading" className="text-lg font-semibold text-navy-900">
          {t("accounts.profile.memberHeading")}
        </h2>
        <a href={memberPath(profile.slug)} className="text-sm font-medium text-navy-700 underline">
          {t("accounts.profile.publicPage")}
        </a>
      </div>
      {result}
      <input type="hidden" name="intent" value="member" />
      {profileFields(t, format.number).map((field) => (
        <FormField key={field.name} field={field} defaultValue={values[field.name]} error={errors[field.name]} />
      ))}
      <YesNoField
        name="emailVisible"
        label={t("accounts.profile.emailVisible", { email: profile.email })}
        checked={values.emailVisible === "on"}
      />
      <YesNoField name="listed" label={t("accounts.profile.listed")} checked={values.listed === "on"} />
      <YesNoField
        name="involvementPublic"
        label={t("accounts.profile.involvementPublic")}
        checked={values.involvementPublic === "on"}
      />
      <button type="submit" className="btn-navy self-start" disabled={busy}>
        {t("accounts.profile.save")}
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
