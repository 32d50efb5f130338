import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { ResultEntry } from "~/components/result-entry";
import { useClubName } from "~/components/use-club-name";
import { appContext } from "~/core/context";
import { listResultPage, RESULT_PAGE_SIZE } from "~/features/collections/results.server";
import { livePagePath } from "~/features/live-contests/live-contests";
import { liveNowContests } from "~/features/live-contests/live-now.server";
import { RANKING_RULE_MESSAGES } from "~/features/standings/rankings";
import { listSeries } from "~/features/standings/rankings.server";
import { listContests } from "~/features/standings/standings.server";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { pageNumberFrom } from "~/lib/pagination";
import { pathWithQuery, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/results";

const HEADER_LINK = "inline-flex min-h-11 items-center font-semibold text-navy-700 underline";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: ({ t }) => t("people.results.title"),
    description: ({ t, clubName }) => t("people.results.description", { clubName }),
    path: pathWithQuery("/results", args.location.search, ["page"]),
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const page = pageNumberFrom(url.searchParams);
  const [results, leaderboards, rankings, liveNow] = await Promise.all([
    app.contentCache.read(`results:${page}`, () => listResultPage(app.db, { page, pageSize: RESULT_PAGE_SIZE })),
    app.contentCache.read("leaderboards", () => listContests(app.db, false)),
    app.contentCache.read("rankings", () => listSeries(app.db)),
    app.contentCache.read("live-now", () => liveNowContests(app.db)),
  ]);
  return {
    results,
    leaderboards: leaderboards.map(({ slug, name, heldOn }) => ({ slug, name, heldOn })),
    rankings: rankings.map(({ slug, name, rule }) => ({ slug, name, rule })),
    liveNow,
  };
}

export default function Results({ loaderData }: Route.ComponentProps) {
  const clubName = useClubName();
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  const { results, leaderboards, rankings, liveNow } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("people.standings.eyebrow")} title={t("people.results.title")}>
        <p>{t("people.results.description", { clubName })}</p>
        <ul className="mt-2 flex flex-wrap gap-x-6">
          <li>
            <Link to="/practice" className={HEADER_LINK}>
              {t("people.board.title")}
            </Link>
          </li>
          <li>
            <Link to="/contests" className={HEADER_LINK}>
              {t("people.contests.title")}
            </Link>
          </li>
        </ul>
      </PageHeader>
      <div className="container-page py-10">
        {liveNow.length > 0 && (
          <section aria-labelledby="live-now" className="mb-10">
            <h2 id="live-now" className="text-2xl font-bold text-navy-900">
              {t("people.results.liveNow")}
            </h2>
            <ul className="mt-4 flex flex-col gap-2">
              {liveNow.map((contest) => (
                <li key={contest.slug}>
                  {/* A document load: the live page brings its own update script. */}
                  <a href={livePagePath(contest.slug)} className="font-semibold text-navy-700 underline">
                    {t("people.results.liveLink", { name: contest.name })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {/* The contests' leaderboards and, beside them, the club's rankings across contests. */}
        <div className="mb-10 grid gap-10 empty:hidden md:grid-cols-2">
          {leaderboards.length > 0 && (
            <section aria-labelledby="leaderboards">
              <h2 id="leaderboards" className="text-2xl font-bold text-navy-900">
                {t("people.results.leaderboards")}
              </h2>
              <ul className="mt-4 flex flex-col gap-2">
                {leaderboards.map((board) => (
                  <li key={board.slug} className="flex flex-wrap items-baseline gap-x-3">
                    <Link
                      to={`/results/${board.slug}`}
                      lang={langOf(board.name)}
                      className="font-semibold text-navy-700 underline"
                    >
                      {board.name}
                    </Link>
                    {board.heldOn && <span className="text-sm text-slate-600">{format.date(board.heldOn)}</span>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {rankings.length > 0 && (
            <section aria-labelledby="rankings">
              <h2 id="rankings" className="text-2xl font-bold text-navy-900">
                {t("people.results.rankings")}
              </h2>
              <ul className="mt-4 flex flex-col gap-2">
                {rankings.map((ranking) => (
                  <li key={ranking.slug} className="flex flex-col">
                    <Link
                      to={`/rankings/${ranking.slug}`}
                      lang={langOf(ranking.name)}
                      className="self-start font-semibold text-navy-700 underline"
                    >
                      {ranking.name}
                    </Link>
                    <span className="text-sm text-slate-600">{t(RANKING_RULE_MESSAGES[ranking.rule])}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <h2 className="text-2xl font-bold text-navy-900">{t("people.results.heading")}</h2>
        {results.items.length === 0 ? (
          <p className="mt-4 text-slate-600">{t("people.results.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-8">
            {results.items.map((result, index) => (
              <li key={result._id}>
                <ResultEntry result={result} lazy={index > 0 || results.page > 1} />
              </li>
            ))}
          </ul>
        )}
        <PaginationNav
          page={results.page}
          pageCount={results.pageCount}
          hrefFor={(page) => (page === 1 ? "/results" : `/results?page=${page}`)}
          label={t("people.results.pages")}
        />
      </div>
    </>
  );
}
