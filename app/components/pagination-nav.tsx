import { Link } from "react-router";
import { useFormat, useT } from "~/i18n/react";
import { pageWindow } from "~/lib/pagination";

interface PaginationNavProps {
  page: number;
  pageCount: number;
  /** The link of a page, keeping whatever else the list is filtered by. */
  hrefFor: (page: number) => string;
  label: string;
}

/**
 * Previous / numbered / next links: plain links, so paging works without JavaScript. Long lists
 * get the first, last and nearby pages only (see pageWindow).
 */
export function PaginationNav({ page, pageCount, hrefFor, label }: PaginationNavProps) {
  const t = useT();
  const format = useFormat();
  if (pageCount <= 1) return null;
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold";
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={`${item} border border-slate-300 text-navy-900`}>
              {t("public.pagination.previous")}
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((number, index) =>
          number === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has nothing but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={hrefFor(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={t("public.pagination.page", { number: format.number(number) })}
                className={`${item} ${number === page ? "bg-navy-900 text-white" : "border border-slate-300 text-navy-900"}`}
              >
                {format.number(number)}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${item} border border-slate-300 text-navy-900`}>
              {t("public.pagination.next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
