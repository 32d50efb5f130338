import { Form, Link } from "react-router";
import type { Page } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE, SEARCH_MAX_LENGTH } from "~/lib/table-query";

/** The search box of a dashboard table: a GET form, so it works before JavaScript loads. */
export function TableSearch({ q }: { q: string }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor="table-search" className="text-sm font-medium text-slate-800">
          Search
        </label>
        <input
          id="table-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          className="min-h-11 w-72 max-w-full rounded-lg border border-slate-300 px-3 text-base"
        />
      </div>
      <button type="submit" className="btn-navy">
        Search
      </button>
      {q && (
        <Link to="?" className="btn border border-slate-300 text-slate-800">
          Clear
        </Link>
      )}
    </Form>
  );
}

/** "Showing 26–50 of 212 matching “x”", read out when it changes. */
export function TableSummary({ page, q }: { page: Page<unknown>; q: string }) {
  const first = (page.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {page.total === 0
        ? q
          ? `Nothing matches “${q}”.`
          : ""
        : `Showing ${first}–${first + page.items.length - 1} of ${page.total}${q ? ` matching “${q}”` : ""}`}
    </p>
  );
}
