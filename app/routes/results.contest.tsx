import { data, Link } from "react-router";
import { BatchFilterForm } from "~/components/batch-filter-form";
import { PageHeader } from "~/components/page-header";
import { type LeaderboardRow, StandingsTable } from "~/components/standings-table";
import { appContext } from "~/core/context";
import { findLeaderboard } from "~/features/standings/standings.server";
import { useFormat, useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/results.contest";

export function meta(args: Route.MetaArgs) {
  const board = args.loaderData;
  // A missing contest's title comes from the error page.
  if (!board) return [];
  return seoMeta(args, {
    title: ({ t }) => t("people.standings.metaTitle", { name: board.name }),
    description: ({ t }) => t("people.standings.description", { name: board.name, count: board.total }),
    path: `/results/${board.slug}`,
  });
}

/** `/results/{slug}`: a contest's leaderboard; `?batch=` and `?q=` narrow it (a form, no script needed). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const board = await app.contentCache.read(`leaderboard:${params.slug}`, () => findLeaderboard(app.db, params.slug));
  if (!board) throw data(null, { status: 404 });
  const batch = url.searchParams.get("batch") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim();
  const rows = board.rows.filter((row) => inBatch(row, batch) && matches(row, q));
  return { ...board, rows, total: board.rows.length, batch, q };
}

const inBatch = (row: LeaderboardRow & { batches: number[] }, batch: string) =>
  batch === "" || row.batches.includes(Number(batch));

const matches = (row: LeaderboardRow, q: string) =>
  q === "" ||
  [row.name, ...row.members.map((member) => member.name)].some((name) => name.toLowerCase().includes(q.toLowerCase()));

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const board = loaderData;
  const t = useT();
  const format = useFormat();
  const filterTexts = {
    batch: t("people.filter.batch"),
    everyBatch: t("people.filter.everyBatch"),
    show: t("people.filter.show"),
  };
  return (
    <>
      <PageHeader eyebrow={t("people.standings.eyebrow")} title={board.name}>
        <p>
          {[board.heldOn && format.date(board.heldOn), t("people.standings.participants", { count: board.total })]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </PageHeader>
      <div className="container-page flex flex-col gap-4 py-8">
        <BatchFilterForm id="standings-batch" batch={board.batch} batches={board.batchChoices} texts={filterTexts}>
          <div className="flex flex-col gap-1">
            <label htmlFor="standings-q" className="text-sm font-medium text-slate-800">
              {t("people.standings.search")}
            </label>
            <input
              id="standings-q"
              name="q"
              type="search"
              defaultValue={board.q}
              maxLength={100}
              className="min-h-11 rounded-lg border border-slate-300 px-3"
            />
          </div>
        </BatchFilterForm>
        {(board.event || board.result) && (
          <p className="flex flex-wrap gap-x-4">
            {board.event && (
              <Link to={board.event.path} className="font-medium text-navy-700 underline">
                {t("people.standings.theEvent", { name: board.event.name })}
              </Link>
            )}
            {board.result && (
              <Link to={board.result.path} className="font-medium text-navy-700 underline">
                {t("people.standings.theResult", { name: board.result.name })}
              </Link>
            )}
          </p>
        )}
        <p className="text-sm text-slate-600">{t("people.standings.legend")}</p>
        {board.rows.length === 0 ? (
          <p className="text-slate-700">{t("people.standings.noMatch")}</p>
        ) : (
          <StandingsTable scoring={board.scoring} problems={board.problems} rows={board.rows} />
        )}
      </div>
    </>
  );
}
