import { data, Link } from "react-router";
import { BatchFilterForm } from "~/components/batch-filter-form";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/core/context";
import { memberPath } from "~/features/members/members";
import { RANKING_RULE_MESSAGES } from "~/features/standings/rankings";
import { findSeriesRanking } from "~/features/standings/rankings.server";
import { useFormat, useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/rankings.series";

export function meta(args: Route.MetaArgs) {
  const ranking = args.loaderData;
  // A missing ranking's title comes from the error page.
  if (!ranking) return [];
  return seoMeta(args, {
    title: ({ t }) => t("people.ranking.metaTitle", { name: ranking.name }),
    description: ({ t }) => t("people.ranking.description", { name: ranking.name }),
    path: `/rankings/${ranking.slug}`,
  });
}

/** `/rankings/{slug}`: a series' combined leaderboard; `?batch=` narrows it (a form, no script needed). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const ranking = await app.contentCache.read(`ranking:${params.slug}`, () => findSeriesRanking(app.db, params.slug));
  if (!ranking) throw data(null, { status: 404 });
  const batch = url.searchParams.get("batch") ?? "";
  const batches = [
    ...new Set(ranking.standings.flatMap((s) => (s.member.batch === null ? [] : [s.member.batch]))),
  ].sort((a, b) => a - b);
  const standings = ranking.standings.filter((standing) => batch === "" || String(standing.member.batch) === batch);
  return { ...ranking, standings, batch, batches };
}

export default function Ranking({ loaderData: ranking }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const filterTexts = {
    batch: t("people.filter.batch"),
    everyBatch: t("people.filter.everyBatch"),
    show: t("people.filter.show"),
  };
  return (
    <>
      <PageHeader eyebrow={t("people.ranking.eyebrow")} title={ranking.name}>
        <p>{t(RANKING_RULE_MESSAGES[ranking.rule])}</p>
      </PageHeader>
      <div className="container-page flex flex-col gap-4 py-8">
        <BatchFilterForm
          id="ranking-batch"
          batch={ranking.batch}
          batches={ranking.batches}
          texts={filterTexts}
          after={
            <a href={`/rankings/${ranking.slug}/ranking.csv`} className="btn border border-slate-300" download>
              {t("people.ranking.csv")}
            </a>
          }
        />
        <ol className="flex flex-col gap-2">
          {ranking.standings.map((standing) => (
            <li key={standing.studentId} className="card flex flex-wrap items-baseline gap-x-4 gap-y-1 p-3">
              <span className="w-10 text-lg font-bold text-navy-900">{format.number(standing.rank)}</span>
              <Link
                to={memberPath(standing.member.slug)}
                className="min-w-40 flex-1 font-semibold text-navy-700 underline"
              >
                {standing.member.name}
              </Link>
              <span className="font-semibold text-slate-900">
                {t("people.ranking.points", { points: format.number(standing.points) })}
              </span>
              <span className="text-sm text-slate-600">
                {[
                  standing.member.batch === null
                    ? ""
                    : t("people.ranking.batch", { batch: format.number(standing.member.batch) }),
                  t("people.ranking.attendance", { taken: standing.taken, absences: standing.absences }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ol>
        {ranking.standings.length === 0 && <p className="text-slate-700">{t("people.ranking.empty")}</p>}
        <section aria-labelledby="ranking-contests">
          <h2 id="ranking-contests" className="text-lg font-bold text-navy-900">
            {t("people.ranking.contests")}
          </h2>
          <ul className="mt-2 flex flex-col gap-1">
            {ranking.contests.map((contest) => (
              <li key={contest.slug}>
                <Link to={`/results/${contest.slug}`} className="text-navy-700 underline">
                  {contest.name}
                </Link>
                {contest.weight !== 1 && (
                  <span className="text-sm text-slate-600">
                    {" "}
                    · {t("people.ranking.weight", { weight: format.number(contest.weight) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
