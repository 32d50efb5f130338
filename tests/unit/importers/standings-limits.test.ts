import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { unzipBounded } from "~/features/standings/importers/bounded-unzip";
import { parseClicsPackage } from "~/features/standings/importers/clics";
import { readStandingsFile } from "~/features/standings/importers/read-standings.server";
import {
  checkJsonValues,
  STANDINGS_MAX_INFLATED_BYTES,
  STANDINGS_MAX_JSON_VALUES,
  STANDINGS_MAX_LINE_LENGTH,
  STANDINGS_MAX_PROBLEMS,
  STANDINGS_MAX_TEAMS,
  StandingsLimitError,
} from "~/features/standings/importers/standings-limits";
import { englishRefusal } from "./english";

/** The file refused as past a limit (not as unreadable), and the refusal in English. */
function limitRefusal(read: () => unknown): { limit: string; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof StandingsLimitError) return { limit: error.limit, message: englishRefusal(read).message };
    throw error;
  }
  throw new Error("the file was accepted");
}

const csvHeader = "Rank,Name,Members,Handles,Solved,Penalty,A,A time";

describe("an import's limits, checked before the objects past them are made", () => {
  it("a CSV of 300,000 rows is refused naming the limit of teams; one of 5,000 is read", () => {
    const rows = (count: number) =>
      [csvHeader, ...Array.from({ length: count }, (_, index) => `${index + 1},T${index},,,1,20,1,20`)].join("\n");
    expect(limitRefusal(() => readStandingsFile("csv", strToU8(rows(300_000))))).toEqual({
      limit: "teams",
      message: `The file has more than ${STANDINGS_MAX_TEAMS.toLocaleString("en")} teams (rows), the most an import takes`,
    });
    expect(readStandingsFile("csv", strToU8(rows(STANDINGS_MAX_TEAMS))).rows).toHaveLength(STANDINGS_MAX_TEAMS);
  });

  it("a CSV line longer than the limit, and a header of more problems than the limit", () => {
    const long = `${csvHeader}\n1,${"x".repeat(STANDINGS_MAX_LINE_LENGTH)},,,1,20,1,20`;
    expect(limitRefusal(() => readStandingsFile("csv", strToU8(long)))).toMatchObject({
      limit: "lineLength",
      message: expect.stringMatching(/^line 2: A line is longer than/),
    });
    const labels = Array.from({ length: STANDINGS_MAX_PROBLEMS + 1 }, (_, index) => `P${index},P${index} time`);
    const wide = `Rank,Name,Members,Handles,Solved,Penalty,${labels.join(",")}\n1,T,,,0,0`;
    expect(limitRefusal(() => readStandingsFile("csv", strToU8(wide))).limit).toBe("problems");
  });

  it("a results.tsv of more teams than the limit", () => {
    const lines = Array.from({ length: STANDINGS_MAX_TEAMS + 1 }, (_, index) => `t${index}\t1\t\t0\t0\t0\t`);
    const tsv = ["results\t1", ...lines].join("\n");
    expect(limitRefusal(() => readStandingsFile("domjudge-results", strToU8(tsv))).limit).toBe("teams");
  });

  it("Codeforces rows and vjudge submissions past the limits, before the schema checks them", () => {
    const result = {
      contest: { name: "x", type: "ICPC" },
      problems: [],
      rows: Array.from({ length: STANDINGS_MAX_TEAMS + 1 }, () => 0),
    };
    const codeforces = JSON.stringify({ status: "OK", result });
    expect(limitRefusal(() => readStandingsFile("codeforces", strToU8(codeforces)))).toMatchObject({
      limit: "teams",
      message: expect.stringMatching(/^result\.rows: /),
    });
    const vjudge = JSON.stringify({ participants: { 1: ["a", "A"] }, submissions: [[1, 100_000, 1, 10]] });
    expect(limitRefusal(() => readStandingsFile("vjudge", strToU8(vjudge))).limit).toBe("problems");
  });

  it("counts a JSON text's values outside strings only", () => {
    const commasInText = JSON.stringify({ name: ",".repeat(STANDINGS_MAX_JSON_VALUES + 10) });
    expect(() => checkJsonValues(commasInText)).not.toThrow();
    const escapedQuote = JSON.stringify({ name: `\\"${",".repeat(STANDINGS_MAX_JSON_VALUES + 10)}` });
    expect(() => checkJsonValues(escapedQuote)).not.toThrow();
    const values = `[${"0,".repeat(STANDINGS_MAX_JSON_VALUES)}0]`;
    expect(() => checkJsonValues(values)).toThrow(StandingsLimitError);
  });

  it("inflates only the files asked for, stopping at the bound whatever the headers say", () => {
    const zip = zipSync({ "a/teams.json": strToU8("[1]"), "photo.png": new Uint8Array(1000).fill(7) });
    expect(Object.keys(unzipBounded(zip, (name) => name.endsWith(".json")))).toEqual(["a/teams.json"]);
    const bomb = zipSync({ "teams.json": new Uint8Array(2000).fill(32) });
    expect(() => unzipBounded(bomb, () => true, 1000)).toThrow(StandingsLimitError);
    expect(() => unzipBounded(strToU8("not a zip"), () => true)).toThrow(/unreadableZip/);
  });

  it("reads an event feed line by line as it inflates: one larger than the package limit imports", () => {
    const lines = [
      { type: "contest", data: { id: "c", name: "Feed Cup", duration: "5:00:00", penalty_time: 20 } },
      { type: "judgement-types", data: { id: "AC", solved: true, penalty: false } },
      { type: "problems", data: { id: "a", label: "A", name: "Apples", ordinal: 0 } },
      { type: "teams", data: { id: "1234567890", name: "Solo" } },
      { type: "submissions", data: { id: "s1", team_id: "1234567890", problem_id: "a", contest_time: "0:12:00.000" } },
      { type: "judgements", data: { id: "j1", submission_id: "s1", judgement_type_id: "AC" } },
    ].map((line) => JSON.stringify(line));
    const run = JSON.stringify({
      type: "runs",
      data: { id: "r", judgement_id: "j1", ordinal: 1, judgement_type_id: "AC" },
    });
    const runs = Math.ceil((STANDINGS_MAX_INFLATED_BYTES + 1024 * 1024) / run.length);
    const feed = `${lines.join("\n")}\n${`${run}\n`.repeat(runs)}`;
    const standings = parseClicsPackage(zipSync({ "event-feed.ndjson": strToU8(feed) }));
    expect(standings.contestName).toBe("Feed Cup");
    expect(standings.rows.map((row) => [row.name, row.solved, row.penalty])).toEqual([["Solo", 1, 12]]);
    const asArray = `[${lines.join(",")}]`;
    expect(parseClicsPackage(zipSync({ "event-feed.ndjson": strToU8(asArray) })).rows).toHaveLength(1);
  });
});
