import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

// A cell starting with one of these is a formula to a spreadsheet: an exported name such as
// "=HYPERLINK(…)" would run when the file is opened. A leading apostrophe keeps it text.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV file (RFC 4180) with a header row, for spreadsheets: a UTF-8 byte order mark first so
 * Excel reads Bangla names right, and cells that would be formulas kept as text.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const safe = rows.map((row) => row.map((cell) => (FORMULA_START.test(cell) ? `'${cell}` : cell)));
  return `\uFEFF${stringify([header as string[], ...safe], { record_delimiter: "\r\n" })}`;
}

/** A CSV answer the browser saves as `{name}-{today}.csv`; never cached (it holds people's data). */
export function csvDownload(name: string, csv: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export type ParsedCsv = { ok: true; header: string[]; rows: string[][] } | { ok: false; message: string };

/** A CSV file's header and rows, or why it can't be read; blank lines are skipped. */
export function parseCsv(text: string): ParsedCsv {
  try {
    const records: string[][] = parse(text.replace(/^\uFEFF/, ""), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
    const [header, ...rows] = records;
    if (!header) return { ok: false, message: "The file is empty." };
    return { ok: true, header, rows };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, message: `The file is not valid CSV${line ? ` (line ${line})` : ""}.` };
  }
}
