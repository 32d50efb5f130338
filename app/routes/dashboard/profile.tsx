import { data, Form, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { appContext } from "~/core/context";
import { emailNotVerifiedText } from "~/core/session.server";
import { authErrorText, newPasswordProblem } from "~/features/accounts/account-messages.server";
import { authErrorMessage, callAuthEndpoint, redirectWithCookies } from "~/features/accounts/auth.server";
import { DISPLAY_NAME_MAX } from "~/features/accounts/users";
import { passwordChangeInput, renameInput } from "~/features/accounts/users.server";
import { certificatesOfUser } from "~/features/events/certificates.server";
import {
  claimStudent,
  findClaimableStudent,
  findMemberProfile,
  memberProfileInput,
  saveMemberProfile,
} from "~/features/members/members.server";
import { sayFieldErrors } from "~/i18n/message.server";
import { useT } from "~/i18n/react";
import { flashCookie } from "~/lib/flash.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { invalidForm, parseForm } from "~/lib/form-actions.server";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import { MemberProfileSection } from "./__member-profile-form";
import { MyCertificates } from "./__my-certificates";
import type { Route } from "./+types/profile";

export const meta = screenMeta;

/** A refused rename's or password change's Retry-After (429) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const loader = screenLoader(async ({ context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  const profile = await findMemberProfile(app.db, user.id);
  const claimable = profile ? undefined : await findClaimableStudent(app.db, user);
  const certificates = await certificatesOfUser(app.db, user.id);
  return { displayName: user.displayName, email: user.email, profile, claimable, certificates };
});

type ProfileIntent = IntentContext<Route.ActionArgs>;

/** A new password: other devices are signed out; this one gets a fresh session cookie. */
const passwordIntent = intent({
  what: "messages.action.changePassword",
  // Not the values typed: a failure's answer never carries the passwords back.
  input: ({ form, locale }: ProfileIntent) => {
    const parsed = parseForm(passwordChangeInput, form, locale);
    return parsed.ok ? { ok: true, data: parsed.data } : parsed;
  },
  run: async ({ args, app, t }, passwords) => {
    const result = await callAuthEndpoint(app.auth, args.request, "/change-password", {
      currentPassword: passwords.currentPassword,
      newPassword: passwords.newPassword,
      revokeOtherSessions: true,
    });
    if (!result.ok) {
      const problem = newPasswordProblem(t, result.body);
      const message = problem ?? authErrorText(t, result.body);
      const errors = problem ? { newPassword: problem } : undefined;
      const answer = { tone: "error", message, errors, values: { intent: "password" } } as const;
      return data<ActionResult>(answer, { status: result.status, headers: result.retryAfter });
    }
    // The old session is gone: a redirect carries the new cookie before any loader runs with
    // the old one (which, without JavaScript, would have looked like a logout).
    throw redirectWithCookies("/dashboard/profile", [...result.cookies, flashCookie("password-changed")]);
  },
});

// The dashboard's middleware lets only signed-in people reach this action.
export const action = dashboardAction({
  /** The student record made for the person's address, taken as their own. */
  claim: intent({
    what: "messages.action.claimRecord",
    run: async ({ form, app, user, t }: ProfileIntent) => {
      const values = { intent: "member" };
      // The record was made for the address: only its proved owner takes it.
      if (!user.emailVerified) {
        return data<ActionResult>({ tone: "error", message: emailNotVerifiedText(t, user), values }, 403);
      }
      const claimed = await claimStudent(app.db, user, String(form.get("studentId") ?? ""));
      return claimed
        ? data<ActionResult>({ tone: "success", message: t("dashboard.profile.claimed"), values })
        : data<ActionResult>({ tone: "error", message: t("dashboard.profile.notClaimed"), values }, 409);
    },
  }),
  member: intent({
    what: "messages.action.saveProfile",
    input: ({ form, locale }: ProfileIntent) => {
      const parsed = parseForm(memberProfileInput, form, locale);
      const values = { ...parsed.values, intent: "member" };
      if (!parsed.ok) return { ok: false, answer: invalidForm(values, parsed.errors, locale), values };
      return { ok: true, data: { profile: parsed.data, values }, values };
    },
    run: async ({ app, user, actor, t, locale }, { profile, values }) => {
      const saved = await saveMemberProfile(app.db, user.id, profile, actor);
      if (!saved.ok) {
        const message = t(saved.status === 404 ? "dashboard.profile.noProfile" : "messages.form.invalid");
        return data<ActionResult>(
          { tone: "error", message, errors: sayFieldErrors(saved.errors, locale), values },
          saved.status,
        );
      }
      return data<ActionResult>({ tone: "success", message: t("dashboard.profile.saved"), values });
    },
  }),
  name: intent({
    what: "messages.action.rename",
    input: ({ form, locale }: ProfileIntent) => {
      const parsed = parseForm(renameInput, form, locale);
      if (!parsed.ok) return parsed;
      return { ok: true, data: { displayName: parsed.data.displayName, values: parsed.values }, values: parsed.values };
    },
    run: async ({ args, app, t }, { displayName, values }) => {
      // Through better-auth, which renews its signed copy of the session: the header shows the new name at once.
      const renamed = await callAuthEndpoint(app.auth, args.request, "/update-user", { name: displayName });
      if (!renamed.ok) {
        return data<ActionResult>(
          { tone: "error", message: authErrorMessage(renamed), values },
          { status: renamed.status, headers: renamed.retryAfter },
        );
      }
      const headers = new Headers();
      for (const cookie of renamed.cookies) headers.append("Set-Cookie", cookie);
      return data<ActionResult>({ tone: "success", message: t("dashboard.profile.nameSaved"), values }, { headers });
    },
  }),
  password: passwordIntent,
  [DEFAULT_INTENT]: passwordIntent,
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // Each form shows the answer it got (the answer carries the form's `intent`).
  const answerFor = (intent: "name" | "password" | "member") =>
    actionData?.values?.intent === intent ? actionData : undefined;
  const resultFor = (intent: "name" | "password") => {
    const answer = answerFor(intent);
    return answer?.tone && answer.message ? <Alert tone={answer.tone}>{answer.message}</Alert> : null;
  };
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.profile.heading")}</h1>
        <p className="mt-1 text-slate-600">{loaderData.email}</p>
      </div>
      <MemberProfileSection
        // A claim or a save loads the profile again: the form starts from what was saved.
        key={JSON.stringify(loaderData.profile)}
        profile={loaderData.profile}
        claimable={loaderData.claimable}
        answer={answerFor("member")}
        busy={busy}
      />
      <MyCertificates certificates={loaderData.certificates} />
      <Form method="post" className="card flex flex-col gap-4 p-6">
        <h2 className="text-lg font-semibold text-navy-900">{t("dashboard.profile.displayName")}</h2>
        {resultFor("name")}
        <input type="hidden" name="intent" value="name" />
        <TextField
          key={loaderData.displayName}
          label={t("dashboard.profile.displayName")}
          name="displayName"
          required
          maxLength={DISPLAY_NAME_MAX}
          defaultValue={answerFor("name")?.values?.displayName ?? loaderData.displayName}
          error={answerFor("name")?.errors?.displayName}
        />
        <button type="submit" className="btn-navy self-start" disabled={busy}>
          {t("dashboard.profile.saveName")}
        </button>
      </Form>
      <Form method="post" className="card flex flex-col gap-4 p-6">
        <h2 className="text-lg font-semibold text-navy-900">{t("dashboard.profile.password")}</h2>
        {resultFor("password")}
        <input type="hidden" name="intent" value="password" />
        <TextField
          label={t("dashboard.profile.currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={answerFor("password")?.errors?.currentPassword}
        />
        <TextField
          label={t("dashboard.profile.newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          error={answerFor("password")?.errors?.newPassword}
        />
        <TextField
          label={t("dashboard.profile.retypePassword")}
          name="newPasswordRetype"
          type="password"
          autoComplete="new-password"
          required
          error={answerFor("password")?.errors?.newPasswordRetype}
        />
        <button type="submit" className="btn-navy self-start" disabled={busy}>
          {t("dashboard.profile.changePassword")}
        </button>
      </Form>
      {busy && <Spinner />}
    </section>
  );
}
