import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { ResultEntry } from "~/components/result-entry";
import { useClubName } from "~/components/use-club-name";
import { resultsPage } from "~/content/people";
import { appContext } from "~/context";
import { listResultPage, RESULT_PAGE_SIZE } from "~/domain/results.server";
import { standingsTexts } from "~/domain/standings";
import { listContests } from "~/domain/standings.server";
import { formatDate } from "~/lib/format";
import { pageNumberFrom } from "~/lib/pagination";
import { pathWithQuery, seoMeta } from "~/lib/seo";
import { langOf } from "~/lib/text";
import type { Route } from "./+types/results";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: resultsPage.title,
    description: ({ clubName }) => resultsPage.description(clubName),
    path: pathWithQuery("/results", args.location.search, ["page"]),
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const page = pageNumberFrom(url.searchParams);
  const [results, leaderboards] = await Promise.all([
    app.contentCache.read(`results:${page}`, () => listResultPage(app.db, { page, pageSize: RESULT_PAGE_SIZE })),
    app.contentCache.read("leaderboards", () => listContests(app.db, false)),
  ]);
  return { results, leaderboards: leaderboards.map(({ slug, name, heldOn }) => ({ slug, name, heldOn })) };
}

export default function Results({ loaderData }: Route.ComponentProps) {
  const clubName = useClubName();
  const { results, leaderboards } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Standings" title={resultsPage.title}>
        <p>{resultsPage.description(clubName)}</p>
      </PageHeader>
      <div className="container-page py-10">
        {leaderboards.length > 0 && (
          <section aria-labelledby="leaderboards" className="mb-10">
            <h2 id="leaderboards" className="text-2xl font-bold text-navy-900">
              {standingsTexts.leaderboards}
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
                  {board.heldOn && <span className="text-sm text-slate-600">{formatDate(board.heldOn)}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}
        <h2 className="text-2xl font-bold text-navy-900">{resultsPage.heading}</h2>
        {results.items.length === 0 ? (
          <p className="mt-4 text-slate-600">{resultsPage.empty}</p>
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
          label="Result pages"
        />
      </div>
    </>
  );
}
