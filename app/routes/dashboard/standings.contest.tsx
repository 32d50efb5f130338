import { data, Form, Link, redirect } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { FeedbackMessage } from "~/components/feedback";
import { SelectField } from "~/components/select-field";
import { StandingsTable } from "~/components/standings-table";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import type { Database } from "~/db/client.server";
import { discardPreview, findStandings, publishPreview } from "~/features/standings/standings.server";
import {
  findMemberChoices,
  linkTeam,
  type MemberChoice,
  memberChoicesByIds,
} from "~/features/standings/standings-team-links.server";
import { sayWarning } from "~/features/standings/standings-text.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/standings.contest";

/** One contest's standings for admins: a preview to publish or discard, or what is published. */
export const handle: RouteHandle = { hydrate: true };

export function meta(args: Route.MetaArgs) {
  const contest = args.loaderData?.contest;
  return privatePageMeta(args, (t) =>
    contest ? t("tools.standings.previewHeading", { name: contest.name }) : t("tools.standings.heading"),
  );
}

const publishQuestion = (t: Translate) => ({
  title: t("tools.standings.publishTitle"),
  description: t("tools.standings.publishDescription"),
});

const discardQuestion = (t: Translate) => ({
  title: t("tools.standings.discardTitle"),
  description: t("tools.standings.discardDescription"),
});

export const loader = screenLoader(async ({ request, context, params }: Route.LoaderArgs) => {
  const db = context.get(appContext).db;
  const standings = await findStandings(db, params.id);
  const translator = translatorFor(request);
  if (!standings) throw data({ message: translator.t("tools.standings.gone") }, { status: 404 });
  const { warnings: saved, ...contest } = standings.contest;
  // Said in the reader's language now, whoever imported the file.
  const warnings = saved.map((warning) => sayWarning(translator, warning));
  const linked = await memberChoicesByIds(db, [...new Set(standings.rows.flatMap((row) => row.studentIds))]);
  return { contest, rows: standings.rows, warnings, linked, linking: await linkingOf(db, request, standings.rows) };
});

/** The team chosen to link (`?team=`) and the members found for it (`?q=`), in a preview. */
async function linkingOf(db: Database, request: Request, rows: { id: string }[]) {
  const search = new URL(request.url).searchParams;
  const rowId = search.get("team") ?? "";
  const query = (search.get("q") ?? "").slice(0, 100);
  if (!rows.some((row) => row.id === rowId)) return { rowId: "", query, found: [] };
  return { rowId, query, found: await findMemberChoices(db, query) };
}

type StandingsIntent = IntentContext<Route.ActionArgs>;

/** Publish the preview, or discard it, each after a Yes. */
function previewIntent(publishing: boolean) {
  return intent({
    what: publishing ? "messages.action.publishStandings" : "messages.action.discardStandings",
    confirm: ({ t }: StandingsIntent) => {
      const question = publishing ? publishQuestion(t) : discardQuestion(t);
      return { question: { ...question, hidden: { intent: publishing ? "publish" : "discard" } } };
    },
    run: async ({ args, app, actor, t }) => {
      const id = args.params.id;
      if (publishing) {
        const slug = await publishPreview(app.db, id);
        if (!slug) return data<ActionResult>({ tone: "error", message: t("tools.standings.gone") }, 404);
        await recordAudit(app.db, actor, { action: "publish", entity: "contests", entityId: id, label: slug });
        return data<ActionResult>({ tone: "success", message: t("tools.standings.published") });
      }
      if (!(await discardPreview(app.db, id)))
        return data<ActionResult>({ tone: "error", message: t("tools.standings.gone") }, 404);
      await recordAudit(app.db, actor, { action: "delete", entity: "contests", entityId: id, label: "Preview" });
      throw redirect("/dashboard/standings");
    },
  });
}

export const action = dashboardAction({
  /** Links a preview's row to the members ticked (none: unlinks it), remembered for the team's next import. */
  link: intent({
    what: "messages.action.linkTeam",
    run: async ({ args, form, app, actor, t }: StandingsIntent) => {
      const contestId = args.params.id;
      const rowId = String(form.get("row") ?? "");
      const studentIds = form.getAll("student").map(String);
      const linked = await linkTeam(app.db, { contestId, rowId, studentIds });
      if (!linked) return data<ActionResult>({ tone: "error", message: t("tools.standings.link.failed") }, 400);
      const entry = { action: "update", entity: "contests", entityId: contestId, label: linked.name } as const;
      await recordAudit(app.db, actor, entry);
      return data<ActionResult>({ tone: "success", message: t("tools.standings.link.saved", { team: linked.name }) });
    },
  }),
  publish: previewIntent(true),
  discard: previewIntent(false),
  [DEFAULT_INTENT]: previewIntent(false),
});

export default function StandingsContest({ loaderData, actionData }: Route.ComponentProps) {
  const { contest, rows, warnings, linked, linking } = loaderData;
  const profileOf = new Map(linked.map((profile) => [profile.id, profile]));
  const t = useT();
  const confirmed = useConfirmedSubmit({ asked: actionData?.confirm });
  const pendingIntent = confirmed.pending?.get("intent");
  const matched = rows.filter((row) => row.studentIds.length > 0).length;
  const isPreview = contest.status === "preview";
  return (
    <section className="flex flex-col gap-4">
      <p>
        <Link to="/dashboard/standings" className="text-sm font-medium text-navy-700 underline">
          {t("tools.standings.heading")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">
        {isPreview ? t("tools.standings.previewHeading", { name: contest.name }) : contest.name}
      </h1>
      <p className="text-slate-700">
        {t("tools.standings.source", { name: contest.sourceName })} ·{" "}
        {t(`tools.standings.formatLabel.${contest.format}`)} ·{" "}
        {t("tools.standings.matched", { count: matched, total: rows.length })}
      </p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message
            ? { tone: actionData.tone, message: actionData.message }
            : confirmed.feedback
        }
      />
      <Confirmation
        confirmed={confirmed}
        question={pendingIntent === "publish" ? publishQuestion(t) : discardQuestion(t)}
      />
      <section aria-labelledby="standings-warnings" className="card p-4">
        <h2 id="standings-warnings" className="font-bold text-navy-900">
          {t("tools.standings.warnings")}
        </h2>
        {warnings.length === 0 ? (
          <p className="mt-1 text-slate-700">{t("tools.standings.noWarnings")}</p>
        ) : (
          <ul className="mt-2 list-disc pl-5 text-slate-800">
            {warnings.map((warning) => (
              <li key={`${warning.where ?? ""}${warning.message}`}>
                {warning.where ? `${warning.where}: ` : ""}
                {warning.message}
              </li>
            ))}
          </ul>
        )}
      </section>
      {isPreview ? (
        <div className="flex flex-wrap gap-2">
          {(["publish", "discard"] as const).map((intent) => (
            <ConfirmedForm confirmed={confirmed} key={intent}>
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" className={intent === "publish" ? "btn-navy" : "btn-danger"}>
                {intent === "publish" ? t("tools.standings.publish") : t("tools.standings.discard")}
              </button>
            </ConfirmedForm>
          ))}
        </div>
      ) : (
        <p>
          <a href={`/results/${contest.slug}`} className="btn-navy">
            {t("tools.standings.publicPage")}
          </a>
        </p>
      )}
      {isPreview && <TeamLinking rows={rows} profileOf={profileOf} linking={linking} />}
      <StandingsTable
        scoring={contest.scoring}
        problems={contest.problems}
        rows={rows.map((row) => ({
          ...row,
          // A team the file names nobody of shows the members it is linked to.
          members:
            row.members.length > 0
              ? row.members.map((member) => ({ name: member.handle ?? member.name, slug: null }))
              : row.studentIds.flatMap((id) => {
                  const profile = profileOf.get(id);
                  return profile ? [{ name: profile.name, slug: null }] : [];
                }),
        }))}
      />
    </section>
  );
}

/**
 * Linking a team to member profiles: a GET form picks the team and finds members by name,
 * handle or batch; a POST form saves the ticked ones (the team's links so far come ticked).
 */
function TeamLinking({
  rows,
  profileOf,
  linking,
}: {
  rows: { id: string; name: string; studentIds: string[] }[];
  profileOf: Map<string, MemberChoice>;
  linking: { rowId: string; query: string; found: MemberChoice[] };
}) {
  const t = useT();
  const row = rows.find((candidate) => candidate.id === linking.rowId);
  const current = (row?.studentIds ?? []).flatMap((id) => profileOf.get(id) ?? []);
  const choices = [...current, ...linking.found.filter((found) => !row?.studentIds.includes(found.id))];
  return (
    <section aria-labelledby="team-linking" className="card flex flex-col gap-3 p-4">
      <h2 id="team-linking" className="font-bold text-navy-900">
        {t("tools.standings.link.heading")}
      </h2>
      <p className="text-slate-700">{t("tools.standings.link.intro")}</p>
      <Form method="get" className="flex flex-col gap-3">
        <SelectField
          id="link-team"
          name="team"
          label={t("tools.standings.link.team")}
          value={linking.rowId}
          choices={rows.map((candidate) => ({
            value: candidate.id,
            label:
              candidate.studentIds.length > 0
                ? t("tools.standings.link.linkedTeam", { team: candidate.name, count: candidate.studentIds.length })
                : candidate.name,
          }))}
        />
        <TextField
          label={t("tools.standings.link.query")}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={linking.query}
        />
        <button type="submit" className="btn border border-slate-300 self-start">
          {t("tools.standings.link.find")}
        </button>
      </Form>
      {row && (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="link" />
          <input type="hidden" name="row" value={row.id} />
          <fieldset className="flex flex-col gap-2">
            <legend className="font-medium text-slate-800">
              {t("tools.standings.link.members", { team: row.name })}
            </legend>
            {choices.length === 0 && (
              <p className="text-slate-600">
                {linking.query
                  ? t("tools.standings.link.noneFound", { query: linking.query })
                  : t("tools.standings.link.findFirst")}
              </p>
            )}
            {choices.map((choice) => (
              <label key={choice.id} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="student"
                  value={choice.id}
                  defaultChecked={row.studentIds.includes(choice.id)}
                  className="mt-1"
                />
                <span>
                  {choice.name}
                  <span className="block text-sm text-slate-600">
                    {[
                      choice.batch === null ? null : t("tools.standings.link.batch", { batch: choice.batch }),
                      ...choice.handles,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn-navy self-start">
            {t("tools.standings.link.save")}
          </button>
        </Form>
      )}
    </section>
  );
}
