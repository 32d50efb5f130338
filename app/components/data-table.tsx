import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Cell } from "~/core/collection";
import { useT } from "~/i18n/react";
import { nextSort, sortParts } from "~/lib/table-query";

export interface TableColumn<Row> {
  header: string;
  /** `index`: the row's place on this page, from 0. */
  cell(row: Row, index: number): Cell;
  /** The sort key its header links to; none: not sortable. */
  sort?: string;
}

interface DataTableProps<Row extends { _id: string }> {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** The Action column (Edit / Delete, Approve / Reject). */
  actions(row: Row): ReactNode;
  empty: string;
  /** A checkbox per row (`name="ids"`) that belongs to the bulk-action form `formId`. */
  selection?: { formId: string; label(row: Row): string };
  /** Sortable headers: the table's current sort and the address of another one. */
  sorting?: { current: string; hrefFor(sort: string): string };
}

function CellView({ cell }: { cell: Cell }) {
  switch (cell.kind) {
    case "image":
      return (
        <img
          src={cell.src}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 rounded-full object-cover"
        />
      );
    case "link":
      return (
        <a href={cell.href} target="_blank" rel="noreferrer" className="font-medium text-navy-700 underline">
          {cell.text}
        </a>
      );
    case "lines": {
      // The first line is the main value; the rest are smaller notes under it.
      const [main, ...notes] = cell.lines.filter(Boolean);
      return (
        <span className="inline-block align-top">
          <span className="block">{main}</span>
          {notes.map((note) => (
            <span key={note} className="block text-slate-600">
              {note}
            </span>
          ))}
        </span>
      );
    }
    case "badge":
      return (
        <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${badgeClasses[cell.tone]}`}>
          {cell.text}
        </span>
      );
    default:
      return <>{cell.text}</>;
  }
}

const badgeClasses = {
  neutral: "bg-slate-200 text-slate-800",
  info: "bg-sky-100 text-sky-900",
  success: "bg-green-100 text-green-900",
  danger: "bg-red-100 text-red-800",
} as const;

function SortableHeader({
  header,
  sortKey,
  sorting,
}: {
  header: string;
  sortKey: string;
  sorting: DataTableProps<{ _id: string }>["sorting"] & {};
}) {
  const t = useT();
  const { key, descending } = sortParts(sorting.current);
  const sorted = key === sortKey;
  return (
    <th scope="col" className="px-4 py-3" aria-sort={sorted ? (descending ? "descending" : "ascending") : undefined}>
      <Link
        to={sorting.hrefFor(nextSort(sorting.current, sortKey))}
        className="inline-flex items-center gap-1 text-navy-900 underline decoration-slate-400 underline-offset-4"
      >
        {header}
        <span aria-hidden="true" className={sorted ? "" : "text-slate-400"}>
          {sorted ? (descending ? "↓" : "↑") : "↕"}
        </span>
        <span className="sr-only">
          {t(
            sorted
              ? descending
                ? "dashboard.table.sortedDescending"
                : "dashboard.table.sortedAscending"
              : "dashboard.table.sortable",
          )}
        </span>
      </Link>
    </th>
  );
}

/** Ticks or clears every row's box of the bulk form (the rows' boxes are plain form controls). */
export function SelectAll({ formId, id }: { formId: string; id: string }) {
  return (
    <input
      id={id}
      type="checkbox"
      className="size-6 accent-navy-700"
      onChange={(event) => {
        for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${formId}"]`)) {
          box.checked = event.currentTarget.checked;
        }
      }}
    />
  );
}

// Below 640 px every row is a card: the header row is hidden and each cell names its column.
const rowClass =
  "mb-3 block rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0 sm:shadow-none";
const cellClass =
  "block py-1 [overflow-wrap:anywhere] sm:table-cell sm:px-4 sm:py-2 sm:align-middle sm:[overflow-wrap:break-word]";
// A card's box and photo share its first line.
const leadCellClass = "mr-3 inline-block py-1 align-middle sm:mr-0 sm:table-cell sm:px-4 sm:py-2";
const labelledCellClass = `${cellClass} before:mr-2 before:font-semibold before:text-navy-900 before:content-[attr(data-label)] sm:before:content-none`;

/**
 * The dashboard's tables. Wide screens: a table as tall as the page, its header row sticky
 * under the top bar, headers that sort. Phones: a list of cards with every action in sight.
 */
export function DataTable<Row extends { _id: string }>({
  caption,
  columns,
  rows,
  actions,
  empty,
  selection,
  sorting,
}: DataTableProps<Row>) {
  const t = useT();
  if (rows.length === 0) {
    return <p className="card p-6 text-slate-600">{empty}</p>;
  }
  return (
    <div className="sm:card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-100 text-navy-900 sm:sticky sm:top-14 sm:z-10 sm:table-header-group">
          <tr>
            {selection && (
              <th scope="col" className="w-12 px-4 py-3">
                <span className="sr-only">{t("dashboard.table.select")}</span>
              </th>
            )}
            {columns.map((column) =>
              column.sort && sorting ? (
                <SortableHeader key={column.header} header={column.header} sortKey={column.sort} sorting={sorting} />
              ) : (
                <th key={column.header} scope="col" className="px-4 py-3">
                  {column.header}
                </th>
              ),
            )}
            <th scope="col" className="px-4 py-3">
              {t("dashboard.table.action")}
            </th>
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {rows.map((row, index) => (
            <tr key={row._id} data-row={row._id} className={rowClass}>
              {selection && (
                <td className={leadCellClass}>
                  <input
                    type="checkbox"
                    name="ids"
                    value={row._id}
                    form={selection.formId}
                    aria-label={selection.label(row)}
                    className="size-6 accent-navy-700"
                  />
                </td>
              )}
              {columns.map((column) => {
                const cell = column.cell(row, index);
                const labelled = cell.kind !== "image" && !(cell.kind === "text" && cell.text === "");
                return (
                  <td
                    key={column.header}
                    data-label={labelled ? `${column.header}:` : undefined}
                    className={labelled ? labelledCellClass : cell.kind === "image" ? leadCellClass : cellClass}
                  >
                    <CellView cell={cell} />
                  </td>
                );
              })}
              <td className="block pt-2 sm:table-cell sm:px-4 sm:py-2 sm:align-middle">
                <div className="flex flex-wrap gap-2 whitespace-nowrap sm:flex-nowrap">{actions(row)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
