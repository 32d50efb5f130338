import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDomjudgeResults, parseIcpcScoreboard } from "~/features/standings/importers/domjudge";
import { englishRefusal, englishWarnings } from "./english";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/standings/${name}`, import.meta.url), "utf8");

describe("parseDomjudgeResults", () => {
  it("reads ranks, awards and totals, ties and unranked teams included", () => {
    const standings = parseDomjudgeResults(fixture("domjudge/results.tsv"));
    expect(standings.scoring).toBe("icpc");
    expect(standings.problems).toEqual([]);
    expect(standings.rows.map((row) => [row.name, row.rank, row.solved, row.penalty, row.awards])).toEqual([
      ["447001", 1, 9, 1234, ["Gold Medal", "Group winner: Asia West"]],
      ["447002", 2, 8, 1100, ["Gold Medal"]],
      ["447003", 3, 8, 1100, ["Silver Medal"]],
      ["447004", 4, 7, 950, ["Bronze Medal", "Group winner: Asia East"]],
      ["447005", 5, 6, 800, ["Highest Honors"]],
      ["447006", 6, 5, 700, []],
      ["447007", 6, 5, 720, []],
      ["447008", null, 0, 0, []],
    ]);
    expect(standings.rows[0]).toMatchObject({ members: [], cells: {}, score: null });
  });

  it("warns once that the names are ids, and no more when the ranks agree with the results", () => {
    const standings = parseDomjudgeResults(fixture("domjudge/results.tsv"));
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: expect.stringMatching(/^Team names are the judge's ids: /) },
    ]);
  });

  it("names teams from the team list, warning about ids it lacks", () => {
    const teams = new Map([
      ["447001", "Byte Busters"],
      ["447002", "Null Pointers"],
    ]);
    const standings = parseDomjudgeResults(fixture("domjudge/results-crlf-bom.tsv"), teams);
    expect(standings.rows.map((row) => row.name)).toEqual(["Byte Busters", "Null Pointers", "447003"]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Team 447003 is not in the team list; its id is its name", where: "line 4" },
    ]);
  });

  it("accepts Windows line endings, a byte order mark and empty lines at the end", () => {
    const standings = parseDomjudgeResults(fixture("domjudge/results-crlf-bom.tsv"));
    expect(standings.rows.map((row) => [row.name, row.rank, row.awards])).toEqual([
      ["447001", 1, ["Gold Medal", "Group winner: Asia West"]],
      ["447002", 2, ["Gold Medal"]],
      ["447003", 3, ["Silver Medal"]],
    ]);
  });

  it("undoes DOMjudge's backslash escapes", () => {
    const standings = parseDomjudgeResults("results\t1\n447001\t1\tGold Medal\t1\t20\t20\tAsia\\tWest \\\\ 1\n");
    expect(standings.rows[0]?.awards).toEqual(["Gold Medal", "Group winner: Asia\tWest \\ 1"]);
  });

  it("refuses a file whose first line is not results.tsv's", () => {
    expect(englishRefusal(() => parseDomjudgeResults(fixture("domjudge/results-wrong-header.tsv"))).message).toBe(
      'line 1: the first line must be "results", a tab and "1"; is this the right format?',
    );
    expect(englishRefusal(() => parseDomjudgeResults(fixture("icpc/scoreboard.tsv"))).where).toBe("line 1");
  });

  it("refuses a row with too few columns, naming its line", () => {
    expect(englishRefusal(() => parseDomjudgeResults(fixture("domjudge/results-short-row.tsv"))).message).toBe(
      "line 3: 5 tab-separated columns where 7 were expected",
    );
  });

  it("refuses a number that is not one, naming the line and the column", () => {
    expect(englishRefusal(() => parseDomjudgeResults(fixture("domjudge/results-not-a-number.tsv"))).message).toBe(
      'line 4, column 5 (total time): expected a whole number of 0 or more, found "1 100"',
    );
  });

  it("refuses a file with no team", () => {
    expect(englishRefusal(() => parseDomjudgeResults("results\t1\n\n")).message).toBe(
      "The file holds no team or participant: there are no standings to import.",
    );
  });

  it("reads lines of 6 fields, the empty group winner left off (PC^2, World Finals results)", () => {
    const standings = parseDomjudgeResults(
      "results\t1\n870679\t1\tGold Medal\t9\t995\t216\n870257\t2\t\t8\t990\t230\tAsia East\n",
    );
    expect(standings.rows.map((row) => [row.name, row.rank, row.solved, row.penalty, row.awards])).toEqual([
      ["870679", 1, 9, 995, ["Gold Medal"]],
      ["870257", 2, 8, 990, ["Group winner: Asia East"]],
    ]);
  });

  it("says once, not per pair, that teams sharing a rank have different results", () => {
    const lines = ["results\t1", "1\t1\t\t9\t900\t200"];
    for (let team = 2; team <= 30; team++) lines.push(`${team}\t13\tHighest Honors\t7\t${2000 - team * 10}\t250`);
    const standings = parseDomjudgeResults(
      `${lines.join("\n")}\n`,
      new Map([...Array(31).keys()].map((id) => [String(id), `T${id}`])),
    );
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toEqual([
      "29 teams share rank 13 though their results differ (the judge's rule for honourable mentions): ranks kept as the file gives them",
    ]);
  });

  it("warns where the file's ranks disagree with its results", () => {
    const standings = parseDomjudgeResults(fixture("domjudge/results-inconsistent-ranks.tsv"), new Map());
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toEqual([
      "Team 447001 is not in the team list; its id is its name",
      "Team 447002 is not in the team list; its id is its name",
      "Team 447003 is not in the team list; its id is its name",
      "Team 447004 is not in the team list; its id is its name",
      "447003 (rank 3) has a better result than 447002 (rank 2) above it",
      "Rank 2 (447004) comes after rank 3 (447003)",
    ]);
  });
});

describe("parseIcpcScoreboard", () => {
  it("reads per-problem columns as A, B, C: minute -1 is not solved, minute 0 is", () => {
    const standings = parseIcpcScoreboard(fixture("icpc/scoreboard.tsv"));
    expect(standings.problems).toEqual([
      { label: "A", name: "A" },
      { label: "B", name: "B" },
      { label: "C", name: "C" },
    ]);
    expect(standings.rows.map((row) => [row.name, row.rank, row.solved, row.penalty])).toEqual([
      ["University of Dhaka", 1, 3, 250],
      ["BUET", 2, 2, 130],
      ["North South University", 2, 2, 130],
      ["24317", 4, 0, 0],
    ]);
    const solved = (attempts: number, minutes: number) => ({
      solved: true,
      attempts,
      minutes,
      firstToSolve: false,
      score: null,
    });
    const tried = (attempts: number) => ({ solved: false, attempts, minutes: null, firstToSolve: false, score: null });
    expect(standings.rows.map((row) => row.cells)).toEqual([
      { A: solved(1, 15), B: solved(3, 95), C: solved(1, 100) },
      { A: solved(2, 30), B: solved(1, 80), C: tried(4) },
      { A: solved(1, 0), B: solved(2, 110) },
      { A: tried(2) },
    ]);
  });

  it("warns that teams are named by institution, and nothing else for consistent ranks", () => {
    const standings = parseIcpcScoreboard(fixture("icpc/scoreboard.tsv"));
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: expect.stringMatching(/^Teams are named by institution/) },
    ]);
  });

  it("accepts Windows line endings and a byte order mark", () => {
    const standings = parseIcpcScoreboard(fixture("icpc/scoreboard-crlf-bom.tsv"));
    expect(standings.rows.map((row) => [row.name, row.cells.C?.attempts])).toEqual([
      ["University of Dhaka", 1],
      ["BUET", 4],
    ]);
  });

  it("refuses a file whose first line is not scoreboard.tsv's", () => {
    expect(englishRefusal(() => parseIcpcScoreboard(fixture("icpc/scoreboard-wrong-header.tsv"))).message).toBe(
      'line 1: the first line must be "scoreboard", a tab and "1"; is this the right format?',
    );
    expect(englishRefusal(() => parseIcpcScoreboard(fixture("domjudge/results.tsv"))).where).toBe("line 1");
  });

  it("names a team with neither institution nor external id by its line, instead of refusing the file", () => {
    const standings = parseIcpcScoreboard("scoreboard\t1\nMIT\t1\t1\t1\t20\t20\t1\t20\n\t\t2\t0\t0\t0\t1\t-1\n");
    expect(standings.rows.map((row) => [row.name, row.rank, row.solved])).toEqual([
      ["MIT", 1, 1],
      ["Team on line 3", 2, 0],
    ]);
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toContain(
      "1 team has neither institution nor external id: named by its line in the file",
    );
  });

  it("refuses a row with fewer columns than the first", () => {
    expect(englishRefusal(() => parseIcpcScoreboard(fixture("icpc/scoreboard-short-row.tsv"))).message).toBe(
      "line 3: 10 tab-separated columns where 12 were expected",
    );
  });

  it("refuses a first row whose problem columns don't come in pairs", () => {
    expect(englishRefusal(() => parseIcpcScoreboard("scoreboard\t1\nBUET\t1\t1\t1\t20\t20\t1\n")).message).toBe(
      "line 2: 7 tab-separated columns; a scoreboard.tsv line has 6, then 2 per problem",
    );
  });

  it("refuses a number that is not one, naming the line and the problem's column", () => {
    expect(englishRefusal(() => parseIcpcScoreboard(fixture("icpc/scoreboard-not-a-number.tsv"))).message).toBe(
      'line 3, column 8 (A time): expected a whole number of -1 or more, found "x"',
    );
  });

  it("refuses a problem solved with no submission", () => {
    expect(englishRefusal(() => parseIcpcScoreboard("scoreboard\t1\nBUET\t1\t1\t1\t20\t20\t0\t20\n")).message).toBe(
      "line 2, column 7 (A submissions): 0 submissions on a problem solved",
    );
  });

  it("warns where the file's ranks disagree with its results", () => {
    const standings = parseIcpcScoreboard(fixture("icpc/scoreboard-inconsistent-ranks.tsv"));
    expect(englishWarnings(standings.warnings).slice(1)).toEqual([
      { message: "BUET (rank 2) has a better result than University of Dhaka (rank 1) above it" },
    ]);
  });
});
