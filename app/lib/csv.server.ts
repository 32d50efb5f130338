import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { type Message, messageOf } from "~/i18n/message";

// Text starting with one of these (after spaces or quotes a spreadsheet may drop) is a formula
// to a spreadsheet: an exported name such as "=HYPERLINK(…)" would run when the file is opened.
// A leading apostrophe keeps it text.
const FORMULA_START = /^[\s"]*[=+\-@]|^[\t\r]/;
// Where a spreadsheet may cut a line into cells: the comma, the semicolon of locales whose decimal
// mark is the comma, a tab, a line break. Some cut there inside quotes too.
const SEPARATOR = /([,;\t\r\n])/;

/**
 * A cell kept as text whichever separator a spreadsheet cuts it at: each piece that would start
 * a formula gets its apostrophe ("x;=1+1" is two cells to a semicolon locale).
 */
function keepAsText(cell: string): string {
  // split() with a capturing group keeps the separators at the odd indexes.
  const pieces = cell.split(SEPARATOR);
  const guarded = pieces.map((piece, index) => (index % 2 === 0 && FORMULA_START.test(piece) ? `'${piece}` : piece));
  const text = guarded.join("");
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV file (RFC 4180) with a header row, for spreadsheets: a UTF-8 byte order mark first so
 * Excel reads Bangla names right, cells that would be formulas kept as text, and every cell
 * holding a separator of any locale quoted, so it stays one cell there too.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const records = [header, ...rows].map((row) => row.map(keepAsText));
  return `\uFEFF${stringify(records, { record_delimiter: "\r\n", quoted_match: /[;\t]/ })}`;
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

export type ParsedCsv = { ok: true; header: string[]; rows: string[][] } | { ok: false; message: Message };

/**
 * A CSV file's header and rows, or why it can't be read; blank lines are skipped. `maxRows`
 * stops reading one row past it, so the caller can refuse a longer file having made no more.
 */
export function parseCsv(text: string, maxRows?: number): ParsedCsv {
  try {
    const records: string[][] = parse(text.replace(/^\uFEFF/, ""), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      ...(maxRows === undefined ? {} : { to: maxRows + 2 }),
    });
    const [header, ...rows] = records;
    if (!header) return { ok: false, message: messageOf("messages.csv.empty") };
    return { ok: true, header, rows };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      ok: false,
      message: line ? messageOf("messages.csv.invalidAt", { line }) : messageOf("messages.csv.invalid"),
    };
  }
}
