import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toCsv } from "~/lib/csv.server";

/** Cells a spreadsheet would run as formulas, each hiding its formula after a separator of some locale. */
const HIDDEN_FORMULAS = [
  "x;=1+1*cmd|calc",
  "a,=1",
  "a\t=1",
  "a\n=1",
  "a\r\n+1",
  'x; =HYPERLINK("http://evil.example")',
  'x;"=1+1',
  "1;-2;@SUM(A1)",
];
const PLAIN_FORMULAS = ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", " =1"];

/** The file's lines after the header, as raw text (the BOM and header row dropped). */
const bodyOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(1)
    .join("\r\n");

describe("CSV exports keep formulas as text", () => {
  it.each([...HIDDEN_FORMULAS, ...PLAIN_FORMULAS])(
    "no piece of %j starts a formula, whichever separator a spreadsheet cuts at",
    (cell) => {
      const body = bodyOf(toCsv(["name"], [[cell]]));
      // A spreadsheet of a semicolon (or tab) locale cuts the line at its separator, quotes or not.
      for (const piece of body.split(/[,;\t\r\n]/)) {
        expect(piece, JSON.stringify(body)).not.toMatch(/^[\s"]*[=+\-@]/);
      }
    },
  );

  it.each(HIDDEN_FORMULAS.filter((cell) => /[;\t]/.test(cell)))(
    "quotes %j, which holds another locale's separator, so a spreadsheet keeps it one cell",
    (cell) => {
      const body = bodyOf(toCsv(["name"], [[cell]]));
      expect(body.startsWith('"'), body).toBe(true);
    },
  );

  it("reads back, by the RFC, as one cell per value with only an apostrophe added before each formula", () => {
    const cells = [...HIDDEN_FORMULAS, ...PLAIN_FORMULAS];
    const [header, ...rows] = parse(
      toCsv(
        ["name", "n"],
        cells.map((cell) => [cell, "1"]),
      ).replace(/^\uFEFF/, ""),
    ) as string[][];
    expect(header).toEqual(["name", "n"]);
    expect(rows.map((row) => row.length)).toEqual(cells.map(() => 2));
    const withoutApostrophes = (text = "") => text.replaceAll("'", "");
    expect(rows.map(([read]) => withoutApostrophes(read))).toEqual(cells.map((cell) => withoutApostrophes(cell)));
  });

  it("leaves ordinary text as it is", () => {
    const cells = ["Rahim Uddin", "a-b", "x=1", "rahim@example.org", "রহিম", "Dhaka; Chattogram"];
    const [, ...rows] = parse(
      toCsv(
        ["name"],
        cells.map((cell) => [cell]),
      ).replace(/^\uFEFF/, ""),
    ) as string[][];
    expect(rows.map(([read]) => read)).toEqual(cells);
  });

  it("guards the header row too", () => {
    const headerLine = toCsv(["name", "x;=1"], [])
      .replace(/^\uFEFF/, "")
      .split("\r\n")[0]!;
    for (const piece of headerLine.split(/[,;\t]/)) expect(piece).not.toMatch(/^[\s"]*[=+\-@]/);
  });
});
