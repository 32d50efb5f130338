import { data, Form, Link } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { FeedbackMessage } from "~/components/feedback";
import { SelectField } from "~/components/select-field";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import type { RankingRule } from "~/features/standings/rankings";
import {
  createSeries,
  deleteSeries,
  listSeries,
  seriesFormInput,
  seriesInput,
} from "~/features/standings/rankings.server";
import { listContests } from "~/features/standings/standings.server";
import { type Translate, useT } from "~/i18n/react";
import { fieldErrors } from "~/lib/field-errors";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { invalidForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/rankings";

/** The club's rankings across contests: make one from published standings, or delete one. */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

const RULES: readonly RankingRule[] = ["solved-penalty", "rank-points", "score-share"];

const deleteQuestion = (t: Translate, name: string) => ({
  title: t("tools.rankings.deleteTitle"),
  description: t("tools.rankings.deleteDescription", { name }),
});

export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => {
  const db = context.get(appContext).db;
  const [series, contests] = await Promise.all([listSeries(db), listContests(db, false)]);
  return { series, contests: contests.map(({ id, name, heldOn }) => ({ id, name, heldOn })) };
});

type RankingsIntent = IntentContext<Route.ActionArgs>;

export const action = dashboardAction({
  create: intent({
    what: "messages.action.createRanking",
    input: ({ form, locale }: RankingsIntent) => {
      const values = { name: String(form.get("name") ?? ""), rule: String(form.get("rule") ?? "") };
      const parsed = seriesInput.safeParse(seriesFormInput(form));
      if (parsed.success) return { ok: true, data: parsed.data };
      const errors = Object.fromEntries(
        Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field.split(".")[0] ?? field, message]),
      );
      return { ok: false, answer: invalidForm(values, errors, locale) };
    },
    run: async ({ app, actor, t }, series) => {
      const slug = await createSeries(app.db, series);
      await recordAudit(app.db, actor, {
        action: "create",
        entity: "rankings",
        label: series.name,
        after: { slug, ...series },
      });
      return data<ActionResult>({ tone: "success", message: t("tools.rankings.created"), saved: true });
    },
  }),
  [DEFAULT_INTENT]: intent({
    what: "messages.action.deleteRanking",
    confirm: ({ form, t }: RankingsIntent) => {
      const { id, name } = rowOf(form);
      return { question: { ...deleteQuestion(t, name), hidden: { id, name } } };
    },
    run: async ({ form, app, actor, t }) => {
      const { id, name } = rowOf(form);
      if (await deleteSeries(app.db, id)) {
        await recordAudit(app.db, actor, { action: "delete", entity: "rankings", entityId: id, label: name });
      }
      return data<ActionResult>({ tone: "success", message: t("tools.rankings.deleted") });
    },
  }),
});

const rowOf = (form: FormData) => ({ id: String(form.get("id") ?? ""), name: String(form.get("name") ?? "") });

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function Rankings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const confirmed = useConfirmedSubmit({ asked: actionData?.confirm });
  const values = actionData?.saved ? {} : (actionData?.values ?? {});
  const errors = actionData?.errors ?? {};
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.rankings.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{t("tools.rankings.intro")}</p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message
            ? { tone: actionData.tone, message: actionData.message }
            : confirmed.feedback
        }
      />
      <Confirmation confirmed={confirmed} question={deleteQuestion(t, pendingName)} />
      {loaderData.contests.length === 0 ? (
        <p className="card p-6 text-slate-700">{t("tools.rankings.noContests")}</p>
      ) : (
        <Form
          method="post"
          noValidate
          className="card flex max-w-xl flex-col gap-4 p-6"
          key={actionData?.saved ? "saved" : "form"}
        >
          <h2 className="text-lg font-bold text-navy-900">{t("tools.rankings.newHeading")}</h2>
          <input type="hidden" name="intent" value="create" />
          <TextField
            label={t("tools.rankings.name")}
            name="name"
            required
            maxLength={200}
            defaultValue={values.name}
            error={errors.name}
          />
          <SelectField
            id="ranking-rule"
            name="rule"
            label={t("tools.rankings.rule")}
            value={values.rule ?? "solved-penalty"}
            choices={RULES.map((rule) => ({ value: rule, label: t(`tools.rankings.ruleLabel.${rule}`) }))}
          />
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.contests ? "ranking-contests-error" : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">{t("tools.rankings.chooseContests")}</legend>
            {loaderData.contests.map((contest) => (
              <div key={contest.id} className="flex flex-wrap items-center gap-3">
                <label className="flex min-h-11 flex-1 items-center gap-2">
                  <input type="checkbox" name="contest" value={contest.id} className="size-5" />
                  {contest.name}
                </label>
                <label className="flex items-center gap-2 text-sm">
                  {t("tools.rankings.weight")}
                  <input
                    name={`weight.${contest.id}`}
                    type="number"
                    inputMode="decimal"
                    min={0.1}
                    step={0.1}
                    defaultValue={1}
                    aria-label={t("tools.rankings.weightOf", { name: contest.name })}
                    className="min-h-11 w-20 rounded-lg border border-slate-300 px-2"
                  />
                </label>
              </div>
            ))}
            {errors.contests && (
              <p id="ranking-contests-error" className="text-sm text-red-700">
                {errors.contests}
              </p>
            )}
          </fieldset>
          <button type="submit" className="btn-navy self-start">
            {t("tools.rankings.create")}
          </button>
        </Form>
      )}
      <h2 className="text-lg font-bold text-navy-900">{t("tools.rankings.listHeading")}</h2>
      {loaderData.series.length === 0 ? (
        <p className="card p-6 text-slate-600">{t("tools.rankings.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {loaderData.series.map((series) => (
            <li key={series.id} className="card flex flex-wrap items-center justify-between gap-2 p-4">
              <span>
                <Link to={`/rankings/${series.slug}`} className="font-semibold text-navy-700 underline">
                  {series.name}
                </Link>
                <span className="block text-sm text-slate-600">{t(`tools.rankings.ruleLabel.${series.rule}`)}</span>
              </span>
              <ConfirmedForm confirmed={confirmed}>
                <input type="hidden" name="id" value={series.id} />
                <input type="hidden" name="name" value={series.name} />
                <button
                  type="submit"
                  className="btn-danger"
                  aria-label={t("tools.rankings.deleteNamed", { name: series.name })}
                >
                  {t("tools.rankings.delete")}
                </button>
              </ConfirmedForm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
