import { Form, Link } from "react-router";
import type { TableFilterDef } from "~/domain/collection";
import type { Page } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE, SEARCH_MAX_LENGTH, type TableQuery } from "~/lib/table-query";
import { SelectField } from "./select-field";

interface TableSearchProps {
  query: TableQuery;
  filters?: readonly TableFilterDef[];
  /** The values each filter offers, from the server. */
  filterOptions?: Record<string, string[]>;
  /** The sortable columns (header and key): a Sort choice, the phone's twin of the table headers. */
  sorts?: readonly { header: string; sort?: string }[];
}

/** "Name and batch" sorts by name: the choice reads "Name and batch, A to Z". */
function sortChoices(sorts: TableSearchProps["sorts"] = []) {
  return sorts.flatMap(({ header, sort }) =>
    sort
      ? [
          { value: sort, label: `${header}, A to Z` },
          { value: `-${sort}`, label: `${header}, Z to A` },
        ]
      : [],
  );
}

/** The search box and filters of a dashboard table: a GET form, so it works before JavaScript loads. */
export function TableSearch({ query, filters = [], filterOptions = {}, sorts }: TableSearchProps) {
  const narrowed = query.q !== "" || Object.keys(query.filters).length > 0;
  const choices = sortChoices(sorts);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
        <label htmlFor="table-search" className="text-sm font-medium text-slate-800">
          Search
        </label>
        <input
          id="table-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={SEARCH_MAX_LENGTH}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:w-72"
        />
      </div>
      {filters.map((filter) => (
        <SelectField
          key={filter.name}
          id={`table-filter-${filter.name}`}
          name={filter.name}
          label={filter.label}
          value={query.filters[filter.name] ?? ""}
          choices={[
            { value: "", label: filter.everything },
            ...(filterOptions[filter.name] ?? []).map((value) => ({ value, label: value })),
          ]}
        />
      ))}
      {choices.length > 0 ? (
        <SelectField
          id="table-sort"
          name="sort"
          label="Sort"
          value={query.sort}
          choices={[{ value: "", label: "Newest first" }, ...choices]}
        />
      ) : (
        query.sort && <input type="hidden" name="sort" value={query.sort} />
      )}
      <button type="submit" className="btn-navy">
        Search
      </button>
      {narrowed && (
        <Link
          to={query.sort ? `?sort=${encodeURIComponent(query.sort)}` : "?"}
          className="btn border border-slate-300 bg-white text-slate-800"
        >
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
