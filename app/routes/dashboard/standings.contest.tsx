import { data, Form, Link, redirect } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { FeedbackMessage } from "~/components/feedback";
import { StandingsTable } from "~/components/standings-table";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { requirePermissionPage } from "~/domain/session.server";
import { discardPreview, findStandings, publishPreview } from "~/domain/standings.server";
import { sayWarning } from "~/domain/standings-text.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { confirmation, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
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

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermissionPage(context, "edit-content");
  const standings = await findStandings(context.get(appContext).db, params.id);
  const translator = translatorFor(request);
  if (!standings) throw data({ message: translator.t("tools.standings.gone") }, { status: 404 });
  const { warnings: saved, ...contest } = standings.contest;
  // Said in the reader's language now, whoever imported the file.
  const warnings = saved.map((warning) => sayWarning(translator, warning));
  return { contest, rows: standings.rows, warnings };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = actorOf(request, requirePermissionPage(context, "edit-content"));
  const app = context.get(appContext);
  const form = await readFormData(request);
  const { t } = translatorFor(request);
  const publishing = form.get("intent") === "publish";
  const question = publishing ? publishQuestion(t) : discardQuestion(t);
  const unconfirmed = confirmation(
    form,
    { ...question, hidden: { intent: publishing ? "publish" : "discard" } },
    t("dashboard.notSaved"),
  );
  if (unconfirmed) return unconfirmed;
  if (publishing) {
    const slug = await publishPreview(app.db, params.id);
    if (!slug) return data<ActionResult>({ tone: "error", message: t("tools.standings.gone") }, 404);
    await recordAudit(app.db, actor, { action: "publish", entity: "contests", entityId: params.id, label: slug });
    return data<ActionResult>({ tone: "success", message: t("tools.standings.published") });
  }
  if (!(await discardPreview(app.db, params.id)))
    return data<ActionResult>({ tone: "error", message: t("tools.standings.gone") }, 404);
  await recordAudit(app.db, actor, { action: "delete", entity: "contests", entityId: params.id, label: "Preview" });
  throw redirect("/dashboard/standings");
}

export default function StandingsContest({ loaderData, actionData }: Route.ComponentProps) {
  const { contest, rows, warnings } = loaderData;
  const t = useT();
  const confirmed = useConfirmedSubmit();
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
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
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
            <Form key={intent} method="post" onSubmit={confirmed.askFromEvent}>
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" className={intent === "publish" ? "btn-navy" : "btn-danger"}>
                {intent === "publish" ? t("tools.standings.publish") : t("tools.standings.discard")}
              </button>
            </Form>
          ))}
        </div>
      ) : (
        <p>
          <a href={`/results/${contest.slug}`} className="btn-navy">
            {t("tools.standings.publicPage")}
          </a>
        </p>
      )}
      <StandingsTable
        scoring={contest.scoring}
        problems={contest.problems}
        rows={rows.map((row) => ({
          ...row,
          members: row.members.map((member) => ({ name: member.handle ?? member.name, slug: null })),
        }))}
      />
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...(pendingIntent === "publish" ? publishQuestion(t) : discardQuestion(t))}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
