import type { ReactNode } from "react";
import type { Cell } from "~/domain/collection";

export interface TableColumn<Row> {
  header: string;
  /** `index`: the row's place on this page, from 0. */
  cell(row: Row, index: number): Cell;
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
        <>
          <span className="block">{main}</span>
          {notes.map((note) => (
            <span key={note} className="block text-slate-600">
              {note}
            </span>
          ))}
        </>
      );
    }
    default:
      return <>{cell.text}</>;
  }
}

/** The dashboard's tables: sticky header, horizontal scroll on phones, an empty state that says so. */
export function DataTable<Row extends { _id: string }>({
  caption,
  columns,
  rows,
  actions,
  empty,
  selection,
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return <p className="card p-6 text-slate-600">{empty}</p>;
  }
  return (
    <div className="card max-h-[70vh] overflow-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-navy-900">
          <tr>
            {selection && (
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Select</span>
              </th>
            )}
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-3">
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row._id} className="border-t border-slate-200 align-top">
              {selection && (
                <td className="px-4 py-2">
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
              {columns.map((column) => (
                <td key={column.header} className="px-4 py-2">
                  <CellView cell={column.cell(row, index)} />
                </td>
              ))}
              <td className="px-4 py-2">
                <div className="flex flex-wrap gap-2">{actions(row)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
