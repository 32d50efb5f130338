import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { ResponsiveImage } from "~/components/responsive-image";
import { resultsPage } from "~/content/people";
import { appContext } from "~/context";
import type { ApiResult } from "~/domain/results";
import { listResultPage, RESULT_PAGE_SIZE } from "~/domain/results.server";
import { standingsTexts } from "~/domain/standings";
import { listContests } from "~/domain/standings.server";
import { formatDate } from "~/lib/format";
import { isPdfLink } from "~/lib/media";
import { pageNumberFrom } from "~/lib/pagination";
import { pathWithQuery, seoMeta } from "~/lib/seo";
import { langOf } from "~/lib/text";
import type { Route } from "./+types/results";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: resultsPage.title,
    description: resultsPage.description,
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
  const { results, leaderboards } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Standings" title={resultsPage.title}>
        <p>{resultsPage.description}</p>
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

/**
 * Name as subtitle, date, description, the file link, and the sheet picture when there is one;
 * its id is the anchor the results feed links to.
 */
function ResultEntry({ result, lazy }: { result: ApiResult; lazy: boolean }) {
  const pdf = isPdfLink(result.pdfFile);
  return (
    <article
      id={`result-${result._id}`}
      className="card grid grid-cols-1 gap-6 overflow-hidden p-5 sm:p-6 md:grid-cols-[3fr_2fr]"
    >
      <div>
        <h3 lang={langOf(result.name)} className="text-xl font-semibold text-navy-900">
          {result.name}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Published on <time dateTime={result.publishing_date}>{formatDate(result.publishing_date)}</time>
        </p>
        {result.description && (
          <p lang={langOf(result.description)} className="mt-4 leading-relaxed text-slate-700">
            {result.description}
          </p>
        )}
        <p className="mt-6">
          <a href={result.pdfFile} className="btn-navy py-2 text-center" {...(pdf ? { type: "application/pdf" } : {})}>
            {pdf ? resultsPage.pdfLabel : resultsPage.imageLabel}
          </a>
        </p>
      </div>
      {result.img && (
        <a href={result.img} className="block">
          <ResponsiveImage
            src={result.img}
            alt={`Result sheet of ${result.name}`}
            width={1200}
            height={1600}
            sizes="(min-width: 640px) 24rem, calc(100vw - 4.5rem)"
            loading={lazy ? "lazy" : "eager"}
            fetchPriority={lazy ? undefined : "high"}
            decoding="async"
            className="mx-auto aspect-[4/3] w-full max-w-sm rounded-lg border border-slate-200 object-cover object-top"
          />
        </a>
      )}
    </article>
  );
}
