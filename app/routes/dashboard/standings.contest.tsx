import { data, Form, Link, redirect } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { FeedbackMessage } from "~/components/feedback";
import { StandingsTable } from "~/components/standings-table";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { requirePermissionPage } from "~/domain/session.server";
import { STANDINGS_FORMAT_LABELS, standingsAdminTexts as texts } from "~/domain/standings";
import { discardPreview, findStandings, publishPreview } from "~/domain/standings.server";
import type { ActionResult } from "~/lib/form-actions";
import { confirmation, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/standings.contest";

/** One contest's standings for admins: a preview to publish or discard, or what is published. */
export const handle: RouteHandle = { hydrate: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? texts.previewHeading(loaderData.contest.name) : texts.heading },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermissionPage(context, "edit-content");
  const standings = await findStandings(context.get(appContext).db, params.id);
  if (!standings) throw data({ message: texts.gone }, { status: 404 });
  const warnings = standings.contest.warnings;
  return { contest: standings.contest, rows: standings.rows, warnings };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = actorOf(request, requirePermissionPage(context, "edit-content"));
  const app = context.get(appContext);
  const form = await readFormData(request);
  const publishing = form.get("intent") === "publish";
  const question = publishing ? texts.publishQuestion : texts.discardQuestion;
  const unconfirmed = confirmation(
    form,
    { ...question, hidden: { intent: publishing ? "publish" : "discard" } },
    dashboardTexts.notSaved,
  );
  if (unconfirmed) return unconfirmed;
  if (publishing) {
    const slug = await publishPreview(app.db, params.id);
    if (!slug) return data<ActionResult>({ tone: "error", message: texts.gone }, 404);
    await recordAudit(app.db, actor, { action: "publish", entity: "contests", entityId: params.id, label: slug });
    return data<ActionResult>({ tone: "success", message: texts.published });
  }
  if (!(await discardPreview(app.db, params.id)))
    return data<ActionResult>({ tone: "error", message: texts.gone }, 404);
  await recordAudit(app.db, actor, { action: "delete", entity: "contests", entityId: params.id, label: "Preview" });
  throw redirect("/dashboard/standings");
}

export default function StandingsContest({ loaderData, actionData }: Route.ComponentProps) {
  const { contest, rows, warnings } = loaderData;
  const confirmed = useConfirmedSubmit();
  const pendingIntent = confirmed.pending?.get("intent");
  const matched = rows.filter((row) => row.studentIds.length > 0).length;
  const isPreview = contest.status === "preview";
  return (
    <section className="flex flex-col gap-4">
      <p>
        <Link to="/dashboard/standings" className="text-sm font-medium text-navy-700 underline">
          {texts.heading}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">
        {isPreview ? texts.previewHeading(contest.name) : contest.name}
      </h1>
      <p className="text-slate-700">
        {texts.source(contest.sourceName)} · {STANDINGS_FORMAT_LABELS[contest.format]} ·{" "}
        {texts.matched(matched, rows.length)}
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
          {texts.warnings}
        </h2>
        {warnings.length === 0 ? (
          <p className="mt-1 text-slate-700">{texts.noWarnings}</p>
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
                {intent === "publish" ? texts.publish : texts.discard}
              </button>
            </Form>
          ))}
        </div>
      ) : (
        <p>
          <a href={`/results/${contest.slug}`} className="btn-navy">
            {texts.publicPage}
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
        {...(pendingIntent === "publish" ? texts.publishQuestion : texts.discardQuestion)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
