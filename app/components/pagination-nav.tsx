import { Link } from "react-router";

interface PaginationNavProps {
  page: number;
  pageCount: number;
  /** The link of a page, keeping whatever else the list is filtered by. */
  hrefFor: (page: number) => string;
  label: string;
}

/** Previous / numbered / next links: plain links, so paging works without JavaScript. */
export function PaginationNav({ page, pageCount, hrefFor, label }: PaginationNavProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold";
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={`${item} border border-slate-300 text-navy-900`}>
              Previous
            </Link>
          </li>
        )}
        {pages.map((number) => (
          <li key={number}>
            <Link
              to={hrefFor(number)}
              aria-current={number === page ? "page" : undefined}
              aria-label={`Page ${number}`}
              className={`${item} ${number === page ? "bg-navy-900 text-white" : "border border-slate-300 text-navy-900"}`}
            >
              {number}
            </Link>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${item} border border-slate-300 text-navy-900`}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
