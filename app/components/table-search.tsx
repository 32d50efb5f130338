import { Form, Link } from "react-router";
import type { TableFilterDef } from "~/core/collection";
import { type Translate, useFormat, useT } from "~/i18n/react";
import type { Page } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE, SEARCH_MAX_LENGTH, type TableQuery } from "~/lib/table-query";
import { SelectField } from "./select-field";

interface TableSearchProps {
  query: TableQuery;
  filters?: readonly TableFilterDef[];
  /** The values each filter offers, from the server. */
  filterOptions?: Record<string, string[]>;
  /** The sortable columns (header, in the page's language, and key): a Sort choice, the phone's twin of the table headers. */
  sorts?: readonly { header: string; sort?: string }[];
}

/** "Name and batch" sorts by name: the choice reads "Name and batch, A to Z". */
function sortChoices(t: Translate, sorts: TableSearchProps["sorts"] = []) {
  return sorts.flatMap(({ header, sort }) =>
    sort
      ? [
          { value: sort, label: t("dashboard.table.ascending", { header }) },
          { value: `-${sort}`, label: t("dashboard.table.descending", { header }) },
        ]
      : [],
  );
}

/**
 * The search box and filters of a dashboard table: a GET form, so it works before JavaScript
 * loads. Filters' label and first choice are messages of the catalogs.
 */
export function TableSearch({ query, filters = [], filterOptions = {}, sorts }: TableSearchProps) {
  const t = useT();
  const narrowed = query.q !== "" || Object.keys(query.filters).length > 0;
  const choices = sortChoices(t, sorts);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
        <label htmlFor="table-search" className="text-sm font-medium text-slate-800">
          {t("dashboard.table.search")}
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
          label={t(filter.label)}
          value={query.filters[filter.name] ?? ""}
          choices={[
            { value: "", label: t(filter.everything) },
            ...(filterOptions[filter.name] ?? []).map((value) => ({ value, label: value })),
          ]}
        />
      ))}
      {choices.length > 0 ? (
        <SelectField
          id="table-sort"
          name="sort"
          label={t("dashboard.table.sort")}
          value={query.sort}
          choices={[{ value: "", label: t("dashboard.table.newestFirst") }, ...choices]}
        />
      ) : (
        query.sort && <input type="hidden" name="sort" value={query.sort} />
      )}
      <button type="submit" className="btn-navy">
        {t("dashboard.table.search")}
      </button>
      {narrowed && (
        <Link
          to={query.sort ? `?sort=${encodeURIComponent(query.sort)}` : "?"}
          className="btn border border-slate-300 bg-white text-slate-800"
        >
          {t("dashboard.table.clear")}
        </Link>
      )}
    </Form>
  );
}

/** "Showing 26–50 of 212 matching “x”", read out when it changes. */
export function TableSummary({ page, q }: { page: Page<unknown>; q: string }) {
  const t = useT();
  const format = useFormat();
  const first = (page.page - 1) * ADMIN_PAGE_SIZE + 1;
  const range = {
    first: format.number(first),
    last: format.number(first + page.items.length - 1),
    total: format.number(page.total),
    q,
  };
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {page.total === 0
        ? q
          ? t("dashboard.table.nothingMatches", { q })
          : ""
        : t(q ? "dashboard.table.showingMatching" : "dashboard.table.showing", range)}
    </p>
  );
}
