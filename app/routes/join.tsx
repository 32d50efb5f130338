import { useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { Alert } from "~/components/alert";
import { FormField, translatedFields } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { useAnswerFocus } from "~/components/use-answer-focus";
import { MEMBER_FIELD_TEXTS } from "~/content/accounts";
import { actorOf } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { emailNotVerifiedText, getSessionUser } from "~/core/session.server";
import { readClubTimeZone } from "~/core/settings.server";
import { MEMBER_FACT_FIELDS } from "~/features/members/members";
import { findMemberProfile } from "~/features/members/members.server";
import {
  applicationIn,
  applicationInput,
  appliedTwiceMessage,
  apply,
  auditApplication,
  openRound,
} from "~/features/members/membership.server";
import { sayMessage } from "~/i18n/message.server";
import { metaTranslator } from "~/i18n/meta";
import { useFormat, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { parseForm, readFormData } from "~/lib/form-actions.server";
import { todayIn } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/join";

// Works without JavaScript; with it, the photo field also takes an uploaded picture.
export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("accounts.join.title") },
    { name: "description", content: metaTranslator(matches)("accounts.join.description") },
  ];
}

/** Whether a round is open changes with the date: never kept in the page cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [round, user] = await Promise.all([
    openRound(app.db, todayIn(await readClubTimeZone(app))),
    getSessionUser(request, app),
  ]);
  if (!round || !user) {
    return { round: round ?? null, signedIn: Boolean(user), applied: null, values: {} as Record<string, string> };
  }
  if (!user.emailVerified) {
    const unverified = emailNotVerifiedText(translatorFor(request).t, user);
    return { round, signedIn: true, applied: null, values: {} as Record<string, string>, unverified };
  }
  const [profile, applied] = await Promise.all([
    findMemberProfile(app.db, user.id),
    applicationIn(app.db, round._id, user.id),
  ]);
  // The form starts from the member profile, or the account's name.
  const values: Record<string, string> = profile
    ? {
        name: profile.name,
        batch: profile.batch === null ? "" : String(profile.batch),
        session: profile.session ?? round.session,
        studentId: profile.studentId ?? "",
        photoURL: profile.photoURL,
      }
    : { name: user.displayName, session: round.session };
  return { round, signedIn: true, applied: applied?.status ?? null, values };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await getSessionUser(request, app);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: "/join" })}`);
  const { t, locale } = translatorFor(request);
  const form = await readFormData(request);
  const parsed = parseForm(applicationInput, form, locale);
  if (!parsed.ok) return parsed.answer;
  if (!user.emailVerified) {
    return data<ActionResult>({ tone: "error", message: emailNotVerifiedText(t, user), values: parsed.values }, 403);
  }
  const today = todayIn(await readClubTimeZone(app));
  const round = await openRound(app.db, today);
  if (!round)
    return data<ActionResult>({ tone: "error", message: t("accounts.join.closed"), values: parsed.values }, 409);
  const applied = await apply(app.db, user, round._id, parsed.data, today);
  if (!applied.ok) {
    // The page offers only the open round: any other refusal means it closed meanwhile.
    const message =
      applied.message === appliedTwiceMessage ? sayMessage(applied.message, locale) : t("accounts.join.closed");
    return data<ActionResult>({ tone: "error", message, values: parsed.values }, applied.status);
  }
  await auditApplication(app.db, actorOf(request, user), applied.id, parsed.data.name);
  return data<ActionResult>({ tone: "success", message: t("accounts.join.applied"), saved: true });
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { round, signedIn, applied } = loaderData;
  const unverified = "unverified" in loaderData ? loaderData.unverified : undefined;
  const done = actionData?.saved || applied;
  const values = actionData?.values ?? loaderData.values;
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLDivElement>(null);
  useAnswerFocus(actionData, { form, message });
  return (
    <>
      <PageHeader eyebrow={t("accounts.join.eyebrow")} title={t("accounts.join.title")}>
        {round && <p>{t("accounts.join.open", { session: round.session, date: format.date(round.closes_on) })}</p>}
      </PageHeader>
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {!round ? (
          <Alert tone="info">{t("accounts.join.closed")}</Alert>
        ) : !signedIn ? (
          <p>
            <Link to={`/login?${new URLSearchParams({ redirectTo: "/join" })}`} className="btn-accent">
              {t("accounts.join.logInToApply")}
            </Link>
          </p>
        ) : unverified ? (
          <Alert tone="info">{unverified}</Alert>
        ) : done ? (
          <Alert ref={actionData?.saved ? message : undefined} tone="success">
            {actionData?.saved ? t("accounts.join.applied") : t("accounts.join.appliedTwice")}{" "}
            <Link to="/dashboard" className="font-semibold underline">
              {t("accounts.join.yourDashboard")}
            </Link>
          </Alert>
        ) : (
          <>
            {round.note && <p className="whitespace-pre-line text-slate-700">{round.note}</p>}
            {actionData?.tone === "error" && actionData.message && (
              <Alert ref={message} tone="error">
                {actionData.message}
              </Alert>
            )}
            <Form ref={form} method="post" noValidate className="card flex flex-col gap-4 p-6">
              {translatedFields(MEMBER_FACT_FIELDS, MEMBER_FIELD_TEXTS, t).map((field) => (
                <FormField
                  key={field.name}
                  field={field}
                  defaultValue={values[field.name]}
                  error={actionData?.errors?.[field.name]}
                />
              ))}
              <button type="submit" className="btn-navy self-start">
                {t("accounts.join.apply")}
              </button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
