import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseStandingsCsv, standingsCsvTemplate } from "~/features/standings/importers/standings-csv.server";
import type { StandingsCell } from "~/features/standings/standings";
import { englishRefusal, englishWarnings } from "./english";

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/standings/csv/${name}`, import.meta.url), "utf8");

const solved = (attempts: number, minutes: number): StandingsCell => ({
  solved: true,
  attempts,
  minutes,
  firstToSolve: false,
  score: null,
});
const tried = (attempts: number): StandingsCell => ({
  solved: false,
  attempts,
  minutes: null,
  firstToSolve: false,
  score: null,
});

describe("standingsCsvTemplate", () => {
  it("has the fixed columns, a pair per problem and an example row, for spreadsheets", () => {
    const lines = standingsCsvTemplate(["A", "B", "C"]).split("\r\n");
    expect(lines[0]).toBe("\uFEFFRank,Name,Members,Handles,Solved,Penalty,A,A time,B,B time,C,C time");
    expect(lines[1]).toBe('1,Example Team (replace this row),"Ana Rahman;Karim Uddin","ana_r;karim",1,35,2,15,1,,,');
  });

  it("parses back to its example row", () => {
    const standings = parseStandingsCsv(standingsCsvTemplate(["A", "B", "C"]));
    expect(standings.problems.map((problem) => problem.label)).toEqual(["A", "B", "C"]);
    expect(standings.rows).toEqual([
      {
        name: "Example Team (replace this row)",
        members: [
          { name: "Ana Rahman", handle: "ana_r", email: null },
          { name: "Karim Uddin", handle: "karim", email: null },
        ],
        rank: 1,
        solved: 1,
        penalty: 35,
        score: null,
        cells: { A: solved(2, 15), B: tried(1) },
        awards: [],
      },
    ]);
    expect(englishWarnings(standings.warnings)).toEqual([]);
  });

  it("has a consistent example for a contest without problem columns", () => {
    const standings = parseStandingsCsv(standingsCsvTemplate([]));
    expect(standings.rows.map((row) => [row.solved, row.penalty, row.cells])).toEqual([[0, 0, {}]]);
  });
});

describe("parseStandingsCsv", () => {
  it("round-trips: the template's header with rows filled in", () => {
    // The fixture's rows end lines with "\n": the parser keeps to the first line's ending.
    const [header] = standingsCsvTemplate(["A", "B"]).split("\r\n");
    const standings = parseStandingsCsv(`${header}\n${fixture("template-rows.csv")}`);
    expect(standings).toEqual({
      scoring: "icpc",
      problems: [
        { label: "A", name: "A" },
        { label: "B", name: "B" },
      ],
      rows: [
        {
          name: "Byte Busters",
          members: [
            { name: "Ana Rahman", handle: "ana_r", email: null },
            { name: "Karim Uddin", handle: "karim", email: null },
          ],
          rank: 1,
          solved: 2,
          penalty: 135,
          score: null,
          cells: { A: solved(1, 15), B: solved(3, 80) },
          awards: [],
        },
        {
          name: "Team, Inc.",
          members: [{ name: "Rafi Ahmed", handle: null, email: null }],
          rank: 2,
          solved: 1,
          penalty: 30,
          score: null,
          cells: { A: solved(2, 10), B: tried(1) },
          awards: [],
        },
        {
          name: "Late Starters",
          members: [],
          rank: 3,
          solved: 0,
          penalty: 0,
          score: null,
          cells: {},
          awards: [],
        },
      ],
      warnings: [],
      contestName: null,
    });
  });

  it("computes blank ranks, ties sharing one, and skips rows of empty cells", () => {
    const standings = parseStandingsCsv(fixture("blank-ranks.csv"));
    expect(standings.rows.map((row) => [row.rank, row.name, row.solved, row.penalty])).toEqual([
      [1, "Team, Inc.", 3, 250],
      [2, "Byte Busters", 2, 130],
      [2, "Null Pointers", 2, 130],
      [4, "Late Starters", 0, 0],
    ]);
    expect(englishWarnings(standings.warnings)).toEqual([]);
    const team = standings.rows[0];
    expect(team?.members.map((member) => member.handle)).toEqual(["rafi", null, "tanvir"]);
    expect(standings.rows[3]?.cells).toEqual({ A: tried(2) });
  });

  it("warns about inconsistent ranks, rows without a rank and Solved against the problem columns", () => {
    const standings = parseStandingsCsv(fixture("inconsistent.csv"));
    expect(standings.rows.map((row) => [row.name, row.rank])).toEqual([
      ["Alpha", 1],
      ["Beta", 3],
      ["Gamma", 2],
      ["Delta", null],
    ]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Gamma: Solved says 2, the problem columns have 1 solved", where: "line 4" },
      {
        message: "1 of 4 rows have no rank and are shown unranked; leave every rank blank to have them computed",
      },
      { message: "Gamma (rank 2) has a better result than Beta (rank 3) above it" },
    ]);
  });

  it("accepts Windows line endings and a byte order mark", () => {
    const standings = parseStandingsCsv(fixture("crlf-bom.csv"));
    expect(standings.rows.map((row) => [row.rank, row.name, row.members, row.cells])).toEqual([
      [1, "Byte Busters", [{ name: "Ana Rahman", handle: "ana_r", email: null }], { A: solved(1, 15) }],
      [2, "Null Pointers", [{ name: "Sadia Islam", handle: null, email: null }], { A: tried(3) }],
    ]);
  });

  it("refuses a header that is not the template's, naming the column", () => {
    expect(englishRefusal(() => parseStandingsCsv(fixture("wrong-header.csv"))).message).toBe(
      'line 1, column 2: expected "Name", found "Team"; the template shows the columns',
    );
    expect(englishRefusal(() => parseStandingsCsv("Rank,Name,Members,Handles,Solved,Penalty,A,B\n")).message).toBe(
      'line 1, column 7: the column after "A" must be "A time"',
    );
  });

  it("refuses a row with too few columns, naming its line", () => {
    expect(englishRefusal(() => parseStandingsCsv(fixture("short-row.csv"))).message).toBe(
      "line 3: 10 columns where the header has 12",
    );
  });

  it("refuses a number that is not one, naming the line and the column", () => {
    expect(englishRefusal(() => parseStandingsCsv(fixture("not-a-number.csv"))).message).toBe(
      'line 3, column "B time": expected a whole number of 0 or more, found "1:35"',
    );
  });

  it("refuses a solved problem without its submissions, and handles that don't match the members", () => {
    const header = "Rank,Name,Members,Handles,Solved,Penalty,A,A time";
    expect(englishRefusal(() => parseStandingsCsv(`${header}\n1,Bits,Ana,,1,15,,15\n`)).message).toBe(
      'line 2, column "A": a solved problem needs its submissions (1 or more)',
    );
    expect(englishRefusal(() => parseStandingsCsv(`${header}\n1,Bits,Ana;Karim,ana,1,15,1,15\n`)).message).toBe(
      'line 2, column "Handles": 1 handles for 2 members; give one per member, or none',
    );
  });

  it("refuses a file that is not CSV or has no rows", () => {
    expect(englishRefusal(() => parseStandingsCsv("")).message).toBe("The file is empty.");
    expect(englishRefusal(() => parseStandingsCsv("Rank,Name,Members,Handles,Solved,Penalty\n")).message).toBe(
      "The file has a header but no rows.",
    );
  });
});
