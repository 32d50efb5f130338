import { data, Link } from "react-router";
import { BatchFilterForm } from "~/components/batch-filter-form";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/context";
import { memberPath } from "~/domain/members";
import { RANKING_RULE_LABELS, rankingTexts as texts } from "~/domain/rankings";
import { findSeriesRanking } from "~/domain/rankings.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/rankings.series";

export function meta(args: Route.MetaArgs) {
  const ranking = args.loaderData;
  if (!ranking) return [{ title: "Page not found" }];
  return seoMeta(args, {
    title: `${ranking.name} | Ranking`,
    description: texts.description(ranking.name),
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
  return (
    <>
      <PageHeader eyebrow={texts.eyebrow} title={ranking.name}>
        <p>{RANKING_RULE_LABELS[ranking.rule]}</p>
      </PageHeader>
      <div className="container-page flex flex-col gap-4 py-8">
        <BatchFilterForm
          id="ranking-batch"
          batch={ranking.batch}
          batches={ranking.batches}
          texts={texts}
          after={
            <a href={`/rankings/${ranking.slug}/ranking.csv`} className="btn border border-slate-300" download>
              {texts.csv}
            </a>
          }
        />
        <ol className="flex flex-col gap-2">
          {ranking.standings.map((standing) => (
            <li key={standing.studentId} className="card flex flex-wrap items-baseline gap-x-4 gap-y-1 p-3">
              <span className="w-10 text-lg font-bold text-navy-900">{standing.rank}</span>
              <Link
                to={memberPath(standing.member.slug)}
                className="min-w-40 flex-1 font-semibold text-navy-700 underline"
              >
                {standing.member.name}
              </Link>
              <span className="font-semibold text-slate-900">{texts.points(standing.points)}</span>
              <span className="text-sm text-slate-600">
                {[
                  standing.member.batch === null ? "" : `${texts.batch} ${standing.member.batch}`,
                  texts.attendance(standing.taken, standing.absences),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ol>
        {ranking.standings.length === 0 && <p className="text-slate-700">{texts.empty}</p>}
        <section aria-labelledby="ranking-contests">
          <h2 id="ranking-contests" className="text-lg font-bold text-navy-900">
            {texts.contests}
          </h2>
          <ul className="mt-2 flex flex-col gap-1">
            {ranking.contests.map((contest) => (
              <li key={contest.slug}>
                <Link to={`/results/${contest.slug}`} className="text-navy-700 underline">
                  {contest.name}
                </Link>
                {contest.weight !== 1 && (
                  <span className="text-sm text-slate-600"> · {texts.weight(contest.weight)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
