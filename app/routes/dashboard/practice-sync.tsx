import { data, Form } from "react-router";
import { FeedbackMessage } from "~/components/feedback";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { appContext } from "~/core/context";
import { forgetContestListReads } from "~/features/practice/contests.server";
import { syncSoon } from "~/features/practice/sync.server";
import { syncState } from "~/features/practice/sync-state.server";
import type { MessageKey } from "~/i18n/catalogs";
import { useFormat, useT } from "~/i18n/react";
import type { ActionResult } from "~/lib/form-actions";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/practice-sync";

export const meta = screenMeta;

/** Reading members' practice from the judges: each judge's state, the handles it had trouble with. */
export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => syncState(context.get(appContext).db));

/** "Read now": asks for a sync of both judges (it keeps their pace like any other), contest lists included. */
export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: "messages.action.readJudges",
    run: async ({ app, t }: IntentContext<Route.ActionArgs>) => {
      await forgetContestListReads(app.db);
      await syncSoon(app);
      return data<ActionResult>({ tone: "success", message: t("dashboard.practice.asked") });
    },
  }),
});

const STATUS_LABELS = {
  pending: "dashboard.practice.status.pending",
  ok: "dashboard.practice.status.ok",
  "not-found": "dashboard.practice.status.not-found",
} as const satisfies Record<string, MessageKey>;

const JUDGE_NAMES: Record<string, string> = {
  codeforces: "Codeforces",
  atcoder: "AtCoder",
  "atcoder-problems": "AtCoder Problems",
};

export default function PracticeSync({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const when = (moment: string | Date | null) =>
    moment ? format.dateTime(moment, timeZone) : t("dashboard.practice.never");
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.practice.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{t("dashboard.practice.intro")}</p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null
        }
      />
      <Form method="post">
        <button type="submit" className="btn-navy">
          {t("dashboard.practice.readNow")}
        </button>
      </Form>
      <ul className="grid gap-3 md:grid-cols-3">
        {loaderData.judges.map((judge) => (
          <li key={judge.judge} className="card flex flex-col gap-1 p-3 text-sm">
            <h2 className="text-lg font-bold text-navy-900">{JUDGE_NAMES[judge.judge] ?? judge.judge}</h2>
            <span>{t("dashboard.practice.lastSuccess", { time: when(judge.lastSuccessAt) })}</span>
            <span>{t("dashboard.practice.calls", { count: judge.calls })}</span>
            {judge.backoffUntil && (
              <span className="font-semibold text-red-800">
                {t("dashboard.practice.backoff", { time: when(judge.backoffUntil), failures: judge.failures })}
              </span>
            )}
            {judge.lastError && (
              <span className="[overflow-wrap:anywhere] text-slate-700">
                {t("dashboard.practice.lastError", { time: when(judge.lastErrorAt), error: judge.lastError })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="text-left font-semibold text-navy-900">{t("dashboard.practice.accounts")}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                {t("dashboard.practice.colJudge")}
              </th>
              <th scope="col" className="pr-3">
                {t("dashboard.practice.colState")}
              </th>
              <th scope="col">{t("dashboard.practice.colHandles")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.counts.map((count) => (
              <tr key={`${count.judge}:${count.status}`}>
                <td className="pr-3">{JUDGE_NAMES[count.judge] ?? count.judge}</td>
                <td className="pr-3">{t(STATUS_LABELS[count.status])}</td>
                <td>{format.number(count.accounts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="practice-trouble" className="flex flex-col gap-2">
        <h2 id="practice-trouble" className="text-lg font-bold text-navy-900">
          {t("dashboard.practice.trouble")}
        </h2>
        {loaderData.trouble.length === 0 ? (
          <p className="text-slate-700">{t("dashboard.practice.noTrouble")}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {loaderData.trouble.map((account) => (
              <li key={`${account.judge}:${account.studentId}`}>
                {`${account.name} · ${JUDGE_NAMES[account.judge] ?? account.judge}: ${account.handle} · ${
                  account.status === "not-found" ? t("dashboard.practice.status.not-found") : (account.lastError ?? "")
                }`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
