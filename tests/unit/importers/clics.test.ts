import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type ClicsFiles, parseClicsFiles, parseClicsPackage } from "~/features/standings/importers/clics";
import {
  STANDINGS_MAX_INFLATED_BYTES,
  STANDINGS_MAX_TEAMS,
  StandingsLimitError,
} from "~/features/standings/importers/standings-limits";
import type { ImportedStandings } from "~/features/standings/standings";
import { englishRefusal, englishWarnings } from "./english";

type Version = "2023-06" | "2026-01";

function fixture(version: Version, file: string): string {
  return readFileSync(new URL(`../../fixtures/standings/clics/${version}/${file}`, import.meta.url), "utf8");
}

function files(version: Version): Required<Omit<ClicsFiles, "eventFeed">> {
  return {
    scoreboard: fixture(version, "scoreboard.json"),
    teams: fixture(version, "teams.json"),
    problems: fixture(version, "problems.json"),
    awards: fixture(version, "awards.json"),
    contest: fixture(version, "contest.json"),
  };
}

type JsonObject = Record<string, unknown>;
type EditableRow = JsonObject & { problems: JsonObject[] };

/** The fixture's scoreboard changed by `change`, as a JSON text again. */
function editedScoreboard(version: Version, change: (scoreboard: { rows: EditableRow[] }) => void) {
  const scoreboard = JSON.parse(fixture(version, "scoreboard.json"));
  change(scoreboard);
  return JSON.stringify(scoreboard);
}

const solvedAt = (minutes: number, attempts: number, firstToSolve = false) => ({
  solved: true,
  attempts,
  minutes,
  firstToSolve,
  score: null,
});
const failed = (attempts: number) => ({ solved: false, attempts, minutes: null, firstToSolve: false, score: null });

const EXPECTED: ImportedStandings = {
  scoring: "icpc",
  problems: [
    { label: "A", name: "Apple Orchard" },
    { label: "B", name: "Bridges of the Club" },
    { label: "C", name: "Caesar's Cipher" },
    { label: "D", name: "Dance Floor" },
  ],
  rows: [
    {
      name: "Null Pointers",
      members: [],
      teamIds: ["t3"],
      rank: 1,
      solved: 3,
      penalty: 177,
      score: null,
      cells: { A: solvedAt(12, 1, true), B: solvedAt(45, 2), D: solvedAt(100, 1) },
      awards: ["Winner of the Club Cup", "Gold medal", "First to solve problem A"],
    },
    {
      name: "Segfault Sisters",
      members: [],
      teamIds: ["t1"],
      rank: 2,
      solved: 3,
      penalty: 280,
      score: null,
      cells: { A: solvedAt(30, 2), B: solvedAt(40, 1, true), C: solvedAt(150, 3, true) },
      awards: ["Gold medal", "First to solve problem B", "First to solve problem C"],
    },
    {
      name: "Off By One",
      members: [],
      teamIds: ["t2"],
      rank: 3,
      solved: 2,
      penalty: 150,
      score: null,
      cells: { A: solvedAt(60, 1), B: solvedAt(70, 2), D: failed(1) },
      awards: ["Silver medal"],
    },
    {
      name: "Stack Smashers",
      members: [],
      teamIds: ["t5"],
      rank: 3,
      solved: 2,
      penalty: 150,
      score: null,
      cells: { B: solvedAt(50, 1), C: failed(2), D: solvedAt(80, 2, true) },
      awards: ["Silver medal", "First to solve problem D"],
    },
    {
      name: "Tabs Not Spaces",
      members: [],
      teamIds: ["t4"],
      rank: 5,
      solved: 0,
      penalty: 0,
      score: null,
      cells: { A: failed(3) },
      awards: [],
    },
  ],
  warnings: [],
  contestName: "Club Cup 2031: Spring Programming Contest",
};

const firstSolves = (standings: ImportedStandings) =>
  standings.rows.flatMap((row) =>
    Object.entries(row.cells)
      .filter(([, cell]) => cell.firstToSolve)
      .map(([label]) => `${label}: ${row.name}`),
  );

describe("CLICS files", () => {
  it("read the 2023-06 spec's scoreboard, in whole minutes", () => {
    expect(parseClicsFiles(files("2023-06"))).toEqual(EXPECTED);
  });

  it("read the 2026-01 spec's scoreboard, in h:mm:ss, to the same standings (minutes rounded down)", () => {
    expect(parseClicsFiles(files("2026-01"))).toEqual(EXPECTED);
  });

  it("order problems by ordinal, name teams by display name, and leave out teams without a row", () => {
    const standings = parseClicsFiles(files("2023-06"));
    expect(standings.problems.map((problem) => problem.label)).toEqual(["A", "B", "C", "D"]);
    expect(standings.rows.map((row) => row.name)).toContain("Off By One");
    expect(standings.rows.map((row) => row.name)).not.toContain("Late Registration");
    expect(englishWarnings(standings.warnings)).toEqual([]);
  });

  it("give tied teams the file's shared rank without a warning", () => {
    const standings = parseClicsFiles(files("2026-01"));
    const tied = standings.rows.filter((row) => row.rank === 3);
    expect(tied.map((row) => [row.name, row.solved, row.penalty])).toEqual([
      ["Off By One", 2, 150],
      ["Stack Smashers", 2, 150],
    ]);
    expect(standings.rows.at(-1)?.rank).toBe(5);
    expect(englishWarnings(standings.warnings)).toEqual([]);
  });

  it("mark first solves from the scoreboard's first_to_solve (DOMjudge) or from first-to-solve awards", () => {
    const expected = ["A: Null Pointers", "B: Segfault Sisters", "C: Segfault Sisters", "D: Stack Smashers"];
    expect(firstSolves(parseClicsFiles({ ...files("2023-06"), awards: undefined }))).toEqual(expected);
    expect(firstSolves(parseClicsFiles(files("2026-01")))).toEqual(expected);
    expect(firstSolves(parseClicsFiles({ ...files("2026-01"), awards: undefined }))).toEqual([]);
  });

  it("give each team its awards' citations; an award not awarded yet (null) gives none", () => {
    const standings = parseClicsFiles(files("2023-06"));
    expect(Object.fromEntries(standings.rows.map((row) => [row.name, row.awards]))).toEqual({
      "Null Pointers": ["Winner of the Club Cup", "Gold medal", "First to solve problem A"],
      "Segfault Sisters": ["Gold medal", "First to solve problem B", "First to solve problem C"],
      "Off By One": ["Silver medal"],
      "Stack Smashers": ["Silver medal", "First to solve problem D"],
      "Tabs Not Spaces": [],
    });
    expect(standings.rows.flatMap((row) => row.awards)).not.toContain("Bronze medal");
  });

  it("warn of an award naming a team that teams.json doesn't have", () => {
    const awards = JSON.stringify([{ id: "spirit", citation: "Team spirit", team_ids: ["t4", "t99"] }]);
    const standings = parseClicsFiles({ ...files("2023-06"), awards });
    expect(standings.rows.find((row) => row.name === "Tabs Not Spaces")?.awards).toEqual(["Team spirit"]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: 'Award "Team spirit" names team "t99", which is not in teams.json', where: "awards.json: [0]" },
    ]);
  });

  it("take the contest's name from formal_name, else name, and none without contest.json", () => {
    expect(parseClicsFiles({ ...files("2023-06"), contest: '{"id": "c", "name": "Club Cup"}' }).contestName).toBe(
      "Club Cup",
    );
    expect(parseClicsFiles({ ...files("2023-06"), contest: undefined }).contestName).toBeNull();
  });

  it("tolerate a byte order mark, numeric ids and a judge's free-text members", () => {
    const teams = JSON.parse(fixture("2023-06", "teams.json"));
    Object.assign(teams[0], { id: 1, members: "Ana Lima, Bo Chen" });
    const scoreboard = editedScoreboard("2023-06", ({ rows }) => {
      rows[1]!.team_id = 1;
    });
    const standings = parseClicsFiles({ ...files("2023-06"), teams: `\uFEFF${JSON.stringify(teams)}`, scoreboard });
    expect(standings.rows[1]).toMatchObject({ name: "Segfault Sisters", members: [] });
  });

  it("leave out the rows of hidden teams, with one warning counting them", () => {
    const teams = JSON.parse(fixture("2023-06", "teams.json"));
    teams[3].hidden = true;
    teams[4].hidden = true;
    const standings = parseClicsFiles({ ...files("2023-06"), teams: JSON.stringify(teams) });
    expect(standings.rows.map((row) => row.name)).toEqual(["Null Pointers", "Segfault Sisters", "Off By One"]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Left out the rows of 2 teams hidden in teams.json (jury or test teams)", where: "teams.json" },
    ]);
  });

  it("warn of a row ranked above a better result", () => {
    const scoreboard = editedScoreboard("2023-06", ({ rows }) => {
      rows.splice(4, 1);
      rows.unshift({ rank: 1, team_id: "t4", score: { num_solved: 0, total_time: 0 }, problems: [] });
    });
    const standings = parseClicsFiles({ ...files("2023-06"), scoreboard });
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Null Pointers (rank 1) has a better result than Tabs Not Spaces (rank 1) above it" },
    ]);
  });

  it("warn of pending submissions, which a frozen scoreboard still has", () => {
    const scoreboard = editedScoreboard("2026-01", ({ rows }) => {
      rows[4]!.problems[1]!.num_pending = 2;
    });
    const standings = parseClicsFiles({ ...files("2026-01"), scoreboard });
    expect(standings.rows[4]?.cells.B).toBeUndefined();
    expect(englishWarnings(standings.warnings)).toEqual([
      {
        message: "2 submissions are still pending (a frozen or unfinished scoreboard): their results are not counted",
        where: "scoreboard.json",
      },
    ]);
  });

  it("read a scoring contest (score.score) by its points", () => {
    const problems = JSON.stringify([
      { id: "p1", label: "A", name: "Sum", ordinal: 1, max_score: 100 },
      { id: "p2", label: "B", name: "Paths", ordinal: 2, max_score: 100 },
    ]);
    const teams = JSON.stringify([
      { id: "t1", name: "Ana" },
      { id: "t2", name: "Bo" },
    ]);
    const scoreboard = JSON.stringify({
      rows: [
        {
          rank: 1,
          team_id: "t2",
          score: { score: 140, time: "2:00:00" },
          problems: [
            { problem_id: "p1", num_judged: 1, num_pending: 0, score: 100, time: "0:30:00" },
            { problem_id: "p2", num_judged: 3, num_pending: 0, score: 40, time: "2:00:00" },
          ],
        },
        {
          rank: 2,
          team_id: "t1",
          score: { score: 0, time: null },
          problems: [{ problem_id: "p2", num_judged: 2, num_pending: 0, score: 0 }],
        },
      ],
    });
    const standings = parseClicsFiles({ scoreboard, teams, problems });
    expect(standings.scoring).toBe("score");
    expect(standings.rows[0]).toMatchObject({ name: "Bo", solved: 1, penalty: null, score: 140 });
    expect(standings.rows[0]?.cells).toEqual({
      A: { solved: true, attempts: 1, minutes: 30, firstToSolve: false, score: 100 },
      B: { solved: false, attempts: 3, minutes: 120, firstToSolve: false, score: 40 },
    });
    expect(standings.rows[1]).toMatchObject({ name: "Ana", solved: 0, score: 0 });
    expect(englishWarnings(standings.warnings)).toEqual([]);
  });
});

/** A contest's event feed in the 2022-07+ shape: a compile error costs nothing, a rejudging replaces a verdict. */
const SMALL_FEED = [
  { type: "contest", id: "cup", data: { id: "cup", name: "Feed Cup", duration: "5:00:00.000", penalty_time: 25 } },
  { type: "judgement-types", id: "AC", data: { id: "AC", penalty: false, solved: true } },
  { type: "judgement-types", id: "WA", data: { id: "WA", penalty: true, solved: false } },
  { type: "judgement-types", id: "CE", data: { id: "CE", penalty: false, solved: false } },
  { type: "problems", id: "b", data: { id: "b", label: "B", name: "Bridges", ordinal: 1 } },
  { type: "problems", id: "a", data: { id: "a", label: "A", name: "Apples", ordinal: 0 } },
  { type: "teams", id: "t1", data: { id: "t1", name: "Null Pointers" } },
  { type: "teams", id: "t2", data: { id: "t2", name: "bytes", display_name: "Byte Busters" } },
  { type: "teams", id: "jury", data: { id: "jury", name: "Jury", hidden: true } },
  { type: "submissions", id: "s1", data: { id: "s1", team_id: "t1", problem_id: "a", contest_time: "0:30:10.000" } },
  { type: "judgements", id: "j1", data: { id: "j1", submission_id: "s1", judgement_type_id: "AC" } },
  { type: "submissions", id: "s2", data: { id: "s2", team_id: "t2", problem_id: "a", contest_time: "0:40:59.999" } },
  { type: "judgements", id: "j2", data: { id: "j2", submission_id: "s2", judgement_type_id: "AC" } },
  { type: "submissions", id: "s3", data: { id: "s3", team_id: "t1", problem_id: "b", contest_time: "1:00:00" } },
  { type: "judgements", id: "j3", data: { id: "j3", submission_id: "s3", judgement_type_id: "CE" } },
  { type: "submissions", id: "s4", data: { id: "s4", team_id: "t1", problem_id: "b", contest_time: "1:10:00" } },
  { type: "judgements", id: "j4", data: { id: "j4", submission_id: "s4", judgement_type_id: "WA" } },
  { type: "submissions", id: "s5", data: { id: "s5", team_id: "t1", problem_id: "b", contest_time: "1:35:30" } },
  { type: "judgements", id: "j5", data: { id: "j5", submission_id: "s5", judgement_type_id: "WA" } },
  { type: "judgements", id: "j6", data: { id: "j6", submission_id: "s5", judgement_type_id: "AC" } },
  { type: "submissions", id: "s6", data: { id: "s6", team_id: "t2", problem_id: "b", contest_time: "2:00:00" } },
  { type: "judgements", id: "j7", data: { id: "j7", submission_id: "s6", judgement_type_id: "WA" } },
  { type: "submissions", id: "s7", data: { id: "s7", team_id: "jury", problem_id: "b", contest_time: "0:01:00" } },
  { type: "judgements", id: "j8", data: { id: "j8", submission_id: "s7", judgement_type_id: "AC" } },
]
  .map((event) => JSON.stringify(event))
  .join("\n");

describe("CLICS scoreboards of other years and packages", () => {
  it("read the 2018-2020 scoreboard, a plain array of rows (team, label) as DOMjudge wrote it", () => {
    const scoreboard = JSON.parse(fixture("2023-06", "scoreboard.json"));
    const problems = JSON.parse(fixture("2023-06", "problems.json")) as { id: string; label: string }[];
    const labelOf = new Map(problems.map((problem) => [problem.id, problem.label]));
    const rows = (scoreboard.rows as EditableRow[]).map(({ team_id, problems: cells, ...row }) => ({
      ...row,
      team: team_id,
      problems: cells.map(({ problem_id, ...cell }) => ({ ...cell, label: labelOf.get(String(problem_id)) })),
    }));
    expect(parseClicsFiles({ ...files("2023-06"), scoreboard: JSON.stringify(rows) })).toEqual(EXPECTED);
    const plainArray = JSON.stringify(scoreboard.rows);
    expect(parseClicsFiles({ ...files("2023-06"), scoreboard: plainArray })).toEqual(EXPECTED);
  });

  it("count the solved cells of an ICPC row without num_solved (DOMjudge's non-strict scoreboard)", () => {
    const scoreboard = editedScoreboard("2023-06", ({ rows }) => {
      for (const row of rows) delete (row.score as JsonObject).num_solved;
    });
    expect(parseClicsFiles({ ...files("2023-06"), scoreboard })).toEqual(EXPECTED);
  });

  it("name teams by their ids, with one warning, when there is no teams.json", () => {
    const standings = parseClicsFiles({ ...files("2023-06"), teams: undefined });
    expect(standings.rows.map((row) => row.name)).toEqual(
      ["t3", "t1", "t2", "t5", "t4", "t6"].slice(0, standings.rows.length),
    );
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toContain(
      "Team names are the judge's ids: the package has no teams.json.",
    );
  });

  it("leave out, with one warning naming them, rows of accounts teams.json doesn't have (DOMjudge's guest, print)", () => {
    const scoreboard = editedScoreboard("2026-01", ({ rows }) => {
      rows.push({ ...rows[0]!, rank: 9, team_id: "guest" }, { ...rows[0]!, rank: 9, team_id: "print" });
    });
    const standings = parseClicsFiles({ ...files("2026-01"), scoreboard });
    expect(standings.rows).toEqual(EXPECTED.rows);
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toEqual([
      "Left out 2 rows of teams that are not in teams.json: guest, print",
    ]);
  });

  it("refuse a file that lists no team, as every format does", () => {
    expect(englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard: '{"rows": []}' })).message).toBe(
      "The file holds no team or participant: there are no standings to import.",
    );
  });
});

describe("CLICS files refused", () => {
  it("malformed JSON, naming the file and the line", () => {
    const error = englishRefusal(() =>
      parseClicsFiles({ ...files("2023-06"), teams: '[\n  {"id": "t1" "name": "x"}\n]' }),
    );
    expect(error.where).toBe("teams.json: line 2, column 15");
    expect(error.message).toMatch(/^teams\.json: line 2, column 15: not valid JSON \(Expected ',' or '}'/);
    expect(englishRefusal(() => parseClicsFiles({ ...files("2023-06"), awards: "" })).message).toBe(
      "awards.json: not valid JSON (Unexpected end of JSON input)",
    );
  });

  it("a scoreboard without rows, naming the field", () => {
    const error = englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard: '{"time": "x"}' }));
    expect(error.message).toBe("scoreboard.json: rows: is required");
  });

  it("a time that is neither minutes nor h:mm:ss, naming the row and the problem", () => {
    for (const time of ["soon", "1:75:00", -5, 12.5]) {
      const scoreboard = editedScoreboard("2026-01", ({ rows }) => {
        rows[3]!.problems[1]!.time = time;
      });
      expect(englishRefusal(() => parseClicsFiles({ ...files("2026-01"), scoreboard })).message).toBe(
        "scoreboard.json: rows[3].problems[1].time: must be minutes or h:mm:ss",
      );
    }
  });

  it("other wrong shapes, in words", () => {
    const scoreboard = editedScoreboard("2023-06", ({ rows }) => {
      rows[2]!.rank = 2.5;
    });
    expect(englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard })).message).toBe(
      "scoreboard.json: rows[2].rank: must be a whole number",
    );
    expect(
      englishRefusal(() => parseClicsFiles({ ...files("2023-06"), teams: '[{"id": "t1", "name": ""}]' })).message,
    ).toBe("teams.json: [0].name: must not be empty");
  });

  it("a solve without its time, and an ICPC row without its penalty", () => {
    const noTime = editedScoreboard("2023-06", ({ rows }) => {
      delete rows[1]!.problems[2]!.time;
    });
    expect(englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard: noTime })).message).toBe(
      "scoreboard.json: rows[1].problems[2].time: is required",
    );
    const noPenalty = editedScoreboard("2023-06", ({ rows }) => {
      rows[0]!.score = { num_solved: 3 };
    });
    expect(englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard: noPenalty })).message).toBe(
      "scoreboard.json: rows[0].score.total_time: is required",
    );
  });

  it("a row naming a problem that problems.json doesn't have", () => {
    const scoreboard = editedScoreboard("2023-06", ({ rows }) => {
      rows[2]!.problems[3]!.problem_id = "zebra";
    });
    const error = englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard }));
    expect(error.message).toBe(
      'scoreboard.json: rows[2].problems[3].problem_id: problem "zebra" is not in problems.json',
    );
  });

  it("two problems with one label", () => {
    const problems = JSON.stringify([
      { id: "p1", label: "A", name: "One" },
      { id: "p2", label: "A", name: "Two" },
    ]);
    expect(englishRefusal(() => parseClicsFiles({ ...files("2023-06"), problems })).message).toBe(
      'problems.json: [1].label: label "A" is used twice',
    );
  });
});

/** The fixture's files as a zip, each under `folder` (fflate's nested-object form). */
function zipOf(version: Version, folder: string[], only = Object.keys(files(version))) {
  const entries = Object.fromEntries(
    Object.entries(files(version))
      .filter(([name]) => only.includes(name))
      .map(([name, text]) => [`${name}.json`, strToU8(text)]),
  );
  const nested = folder.reduceRight<Record<string, unknown>>((inner, name) => ({ [name]: inner }), entries);
  return zipSync(nested as Parameters<typeof zipSync>[0]);
}

/** Sets every central directory record's uncompressed size, as a zip's header may claim anything. */
/** The zip with every local header declaring `size` inflated bytes (what a streaming reader sees first). */
function withDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let offset = 0; offset + 4 <= copy.length; offset++) {
    if (view.getUint32(offset, true) === 0x04034b50) view.setUint32(offset + 22, size, true);
  }
  return copy;
}

const INFLATED_LIMIT_MESSAGE = `The package's files inflate to more than ${STANDINGS_MAX_INFLATED_BYTES / 1024 / 1024} MB, the most an import reads`;

describe("CLICS packages (zip)", () => {
  it("find the files in a nested folder and read them as the files alone", () => {
    expect(parseClicsPackage(zipOf("2026-01", ["club-cup-2031", "contests", "club-cup-2031"]))).toEqual(EXPECTED);
    expect(parseClicsPackage(zipOf("2023-06", []))).toEqual(EXPECTED);
  });

  it("do without awards.json and contest.json", () => {
    const standings = parseClicsPackage(zipOf("2023-06", ["api"], ["scoreboard", "teams", "problems"]));
    expect(standings.contestName).toBeNull();
    expect(standings.rows[0]?.awards).toEqual([]);
  });

  it("prefer the shallowest copy, and never read a shadow system's under other-systems/", () => {
    const broken = strToU8("{ not json");
    const primary = Object.fromEntries(
      Object.entries(files("2023-06")).map(([name, text]) => [`${name}.json`, strToU8(text)]),
    );
    // The shadow's copy is as deep as the primary's: were it read, the zip would be ambiguous.
    const zip = zipSync({
      club: { contest: { ...primary, old: { "scoreboard.json": broken } } },
      "other-systems": { shadow: { "teams.json": broken } },
    });
    expect(parseClicsPackage(zip)).toEqual(EXPECTED);
  });

  it("read a results upload without problems.json, its problems taken from the scoreboard", () => {
    const standings = parseClicsPackage(zipOf("2023-06", ["api"], ["scoreboard", "teams", "awards"]));
    expect(standings.problems.map((problem) => problem.label)).toEqual(["apples", "bridges", "cipher", "dance"]);
    expect(standings.rows.map((row) => [row.name, row.rank, row.solved, row.penalty])).toEqual(
      EXPECTED.rows.map((row) => [row.name, row.rank, row.solved, row.penalty]),
    );
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toEqual([
      "The package has no problems.json: the problems are the scoreboard's, without their names.",
    ]);
  });

  it("honour the feed's freeze until the contest is thawed or its results finalized", () => {
    const frozenAt = (extra: Record<string, string>) =>
      `${SMALL_FEED}\n${JSON.stringify({
        type: "contest",
        id: "cup",
        data: {
          id: "cup",
          name: "Feed Cup",
          duration: "5:00:00",
          penalty_time: 25,
          scoreboard_freeze_duration: "4:00:00",
        },
      })}\n${JSON.stringify({ type: "state", data: { started: "2030-01-01T10:00:00Z", frozen: "2030-01-01T11:00:00Z", ...extra } })}`;
    const frozen = parseClicsFiles({ eventFeed: frozenAt({}) });
    expect(frozen.rows.map((row) => [row.name, row.solved])).toEqual([
      ["Null Pointers", 1],
      ["Byte Busters", 1],
    ]);
    expect(englishWarnings(frozen.warnings).map((warning) => warning.message)).toContain(
      "4 submissions from the freeze on are not counted: the feed's scoreboard is frozen, neither thawed nor finalized",
    );
    const finalized = parseClicsFiles({ eventFeed: frozenAt({ finalized: "2030-01-01T16:00:00Z" }) });
    expect(finalized.rows.map((row) => [row.name, row.solved])).toEqual([
      ["Null Pointers", 2],
      ["Byte Busters", 1],
    ]);
  });

  it("refuse a zip with neither scoreboard.json nor an event feed, naming both", () => {
    const error = englishRefusal(() => parseClicsPackage(zipOf("2023-06", ["api"], ["teams", "problems"])));
    expect(error.message).toBe("The zip has neither scoreboard.json nor event-feed.ndjson (looked in every folder)");
  });

  it("compute the standings of a package holding only event-feed.ndjson", () => {
    const zip = zipSync({ contest: { "event-feed.ndjson": strToU8(SMALL_FEED) } });
    const standings = parseClicsPackage(zip);
    expect(standings.contestName).toBe("Feed Cup");
    expect(standings.problems).toEqual([
      { label: "A", name: "Apples" },
      { label: "B", name: "Bridges" },
    ]);
    expect(standings.rows.map((row) => [row.name, row.rank, row.solved, row.penalty, row.cells])).toEqual([
      ["Null Pointers", 1, 2, 30 + 95 + 25, { A: solvedAt(30, 1, true), B: solvedAt(95, 2, true) }],
      ["Byte Busters", 2, 1, 40, { A: solvedAt(40, 1), B: failed(1) }],
    ]);
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toEqual([
      "Computed from the event feed by the ICPC rule: 25 minutes per rejected try, ties broken by the last accepted submission.",
    ]);
  });

  it("refuse a zip with two contests side by side", () => {
    const zip = zipSync({ a: { "scoreboard.json": strToU8("{}") }, b: { "scoreboard.json": strToU8("{}") } });
    expect(englishRefusal(() => parseClicsPackage(zip)).message).toBe(
      "The zip holds several scoreboard.json (a/scoreboard.json, b/scoreboard.json): zip one contest at a time",
    );
  });

  it("refuse JSON files declared larger than the limit before inflating them", () => {
    const zip = withDeclaredSize(zipOf("2023-06", []), Math.ceil(STANDINGS_MAX_INFLATED_BYTES / 3));
    const error = englishRefusal(() => parseClicsPackage(zip));
    expect(error.message).toBe(INFLATED_LIMIT_MESSAGE);
  });

  it("stop inflating at the limit a file whose header understates its size", () => {
    const bomb = zipSync({ "teams.json": new Uint8Array(STANDINGS_MAX_INFLATED_BYTES + 1).fill(32) });
    const lying = withDeclaredSize(bomb, 10);
    expect(() => parseClicsPackage(lying)).toThrow(StandingsLimitError);
    expect(englishRefusal(() => parseClicsPackage(lying)).message).toBe(INFLATED_LIMIT_MESSAGE);
  });

  it("refuse a scoreboard of more rows than the limit before reading its rows", () => {
    const rows = Array.from({ length: STANDINGS_MAX_TEAMS + 1 }, () => ({ rank: 1 }));
    const error = englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard: JSON.stringify({ rows }) }));
    expect(error.message).toBe(
      `scoreboard.json: rows: The file has more than ${STANDINGS_MAX_TEAMS.toLocaleString("en")} teams (rows), the most an import takes`,
    );
  });

  it("refuse a 2018-2020 scoreboard (a plain array) of more rows than the limit before reading its rows", () => {
    const rows = Array.from({ length: STANDINGS_MAX_TEAMS + 1 }, () => ({ rank: 1 }));
    const error = englishRefusal(() => parseClicsFiles({ ...files("2023-06"), scoreboard: JSON.stringify(rows) }));
    expect(error.message).toBe(
      `scoreboard.json: The file has more than ${STANDINGS_MAX_TEAMS.toLocaleString("en")} teams (rows), the most an import takes`,
    );
  });

  it("refuse a file that is not a zip", () => {
    expect(englishRefusal(() => parseClicsPackage(strToU8("scoreboard.json"))).message).toMatch(
      /^The file is not a readable zip/,
    );
  });
});
