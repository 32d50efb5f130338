import { Fragment } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { searchTypeLabels } from "~/content/search";
import { appContext } from "~/core/context";
import {
  parseSearchQuery,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  type SearchHit,
  SNIPPET_SEPARATOR,
  type TextPart,
} from "~/features/site/search";
import { searchSite } from "~/features/site/search.server";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { pageNumberFrom } from "~/lib/pagination";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/search";

export function meta(args: Route.MetaArgs) {
  const query = args.loaderData?.query;
  // Result pages change with every write and every query: worth finding the site, not indexing.
  return [
    ...seoMeta(args, {
      title: ({ t }) => (query ? t("public.search.titleQuery", { query }) : t("public.search.title")),
      description: ({ t }) => t("public.search.description"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * `/search?q=&page=`: a plain GET form and plain links, so it works without JavaScript. The
 * snippets' labels and dates are in the reader's language (the page cache keeps one per language).
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const parsed = parseSearchQuery(url.searchParams.get("q"));
  if (parsed.kind !== "ok")
    return { query: parsed.kind === "empty" ? "" : parsed.text, state: parsed.kind, cut: false };
  const found = await searchSite(
    app.db,
    { text: parsed.text, words: parsed.words, page: pageNumberFrom(url.searchParams) },
    translatorFor(request),
  );
  return { query: parsed.text, state: "ok" as const, cut: parsed.cut, found };
}

const searchHref = (query: string, page: number) =>
  `/search?${new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query })}`;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, state, cut } = loaderData;
  const found = "found" in loaderData ? loaderData.found : undefined;
  const t = useT();
  const format = useFormat();
  return (
    <>
      <PageHeader eyebrow={t("public.search.eyebrow")} title={t("public.search.title")}>
        <p>{t("public.search.description")}</p>
      </PageHeader>
      <div className="container-page py-10">
        <SearchForm query={query} />
        <div className="mt-6 text-slate-700" aria-live="polite">
          {state === "empty" && <p>{t("public.search.prompt")}</p>}
          {state === "too-short" && <p>{t("public.search.tooShort", { min: format.number(SEARCH_MIN_LENGTH) })}</p>}
          {cut && <p className="text-sm">{t("public.search.cut", { max: format.number(SEARCH_MAX_LENGTH) })}</p>}
          {found && (
            <p>
              {found.total === 0
                ? t("public.search.none", { query })
                : t("public.search.found", { total: found.total, query })}
            </p>
          )}
        </div>
        {found && found.items.length > 0 && (
          <section aria-labelledby="search-results" className="mt-6">
            <h2 id="search-results" className="sr-only">
              {t("public.search.results")}
            </h2>
            <ol className="flex flex-col gap-4">
              {found.items.map((hit, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two teachers share /teachers; a page's list is never reordered
                <li key={`${index} ${hit.url}`}>
                  <SearchResult hit={hit} />
                </li>
              ))}
            </ol>
            <PaginationNav
              page={found.page}
              pageCount={found.pageCount}
              hrefFor={(page) => searchHref(query, page)}
              label={t("public.search.pages")}
            />
          </section>
        )}
      </div>
    </>
  );
}

function SearchForm({ query }: { query: string }) {
  const t = useT();
  return (
    <search>
      <form method="get" action="/search" className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 grow flex-col gap-1 sm:max-w-xl">
          <label htmlFor="search-page-q" className="text-sm font-medium text-slate-800">
            {t("common.search.boxLabel")}
          </label>
          <input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t("public.search.placeholder")}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          />
        </div>
        <button type="submit" className="btn-navy">
          {t("common.search.label")}
        </button>
      </form>
    </search>
  );
}

function SearchResult({ hit }: { hit: SearchHit }) {
  const t = useT();
  const langOf = useLangOf();
  return (
    <article className="card p-4 sm:p-5">
      <p className="text-xs font-semibold uppercase tracking-wider text-accent-700">{t(searchTypeLabels[hit.type])}</p>
      <h3 className="mt-1 text-lg font-bold" lang={langOf(hit.title)}>
        <Link to={hit.url} className="text-navy-900 underline">
          <Marked parts={hit.titleParts} />
        </Link>
      </h3>
      {hit.snippet && (
        <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
          <MarkedSnippet parts={hit.snippetParts} />
        </p>
      )}
    </article>
  );
}

/**
 * A snippet's pieces are in different languages (a Bangla page's "ব্যাচ ৪" beside a handle, a
 * date beside an English description): each piece carries its own `lang`.
 */
function MarkedSnippet({ parts }: { parts: readonly TextPart[] }) {
  const langOf = useLangOf();
  return piecesOf(parts).map((piece, index) => {
    const lang = langOf(piece.map((part) => part.text).join(""));
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered
      <Fragment key={index}>
        {index > 0 && SNIPPET_SEPARATOR}
        {lang ? (
          <span lang={lang}>
            <Marked parts={piece} />
          </span>
        ) : (
          <Marked parts={piece} />
        )}
      </Fragment>
    );
  });
}

/** The parts between separators; a word found never holds one (words have no spaces). */
function piecesOf(parts: readonly TextPart[]): TextPart[][] {
  const pieces: TextPart[][] = [[]];
  for (const part of parts) {
    if (part.match) {
      pieces.at(-1)?.push(part);
      continue;
    }
    part.text.split(SNIPPET_SEPARATOR).forEach((text, index) => {
      if (index > 0) pieces.push([]);
      if (text) pieces.at(-1)?.push({ text });
    });
  }
  return pieces;
}

/** React escapes every part; only the words found are wrapped, in `<mark>`. */
function Marked({ parts }: { parts: readonly TextPart[] }) {
  return parts.map((part, index) =>
    part.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
      <mark key={index} className="rounded-sm bg-amber-200 text-inherit">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <span key={index}>{part.text}</span>
    ),
  );
}
