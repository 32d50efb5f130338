import fs from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseVjudgeRank } from "~/features/standings/importers/vjudge";
import type { ImportedStandings, StandingsRow } from "~/features/standings/standings";
import { englishRefusal, englishWarnings } from "./english";

/**
 * The vjudge importer: a small contest worked out by hand (tests/fixtures/standings/vjudge),
 * then random submission lists checked against the ICPC rules and a penalty recomputed here.
 */
const weekly = fs.readFileSync(new URL("../../fixtures/standings/vjudge/weekly.json", import.meta.url), "utf8");

const column = <K extends keyof StandingsRow>(standings: ImportedStandings, key: K) =>
  standings.rows.map((row) => row[key]);

/** A rank file with participants 1…n named user1…; submissions as [participant, problem, accepted, seconds]. */
function rankFile(participants: number, submissions: [number, number, boolean, number][]): string {
  return JSON.stringify({
    participants: Object.fromEntries(
      Array.from({ length: participants }, (_, index) => [String(index + 1), [`user${index + 1}`, ""]]),
    ),
    submissions: submissions.map(([participant, problem, accepted, seconds]) => [
      participant,
      problem,
      accepted ? 1 : 0,
      seconds,
    ]),
  });
}

describe("a contest worked out by hand", () => {
  const standings = parseVjudgeRank(weekly);

  it("ranks by solved, then penalty, ties sharing a rank", () => {
    expect(standings.scoring).toBe("icpc");
    expect(standings.contestName).toBe("Club Weekly #12");
    expect(standings.problems).toEqual([
      { label: "A", name: "A" },
      { label: "B", name: "B" },
      { label: "C", name: "C" },
    ]);
    expect(column(standings, "name")).toEqual(["Amina Rahman", "Chen Li", "bilal", "Dara Okafor"]);
    expect(column(standings, "rank")).toEqual([1, 1, 3, 4]);
    expect(column(standings, "solved")).toEqual([2, 2, 2, 1]);
    expect(column(standings, "score")).toEqual([null, null, null, null]);
  });

  it("adds 20 minutes for each rejection before an accepted submission", () => {
    // Amina: A at 15 after one rejection (35), B at 50. Bilal: A at 10, B at 45 after two (85).
    expect(column(standings, "penalty")).toEqual([85, 85, 95, 70]);
    expect(standings.rows[2]?.cells.B).toEqual({
      solved: true,
      attempts: 3,
      minutes: 45,
      firstToSolve: true,
      score: null,
    });
  });

  it("ignores submissions after the first accepted one", () => {
    // Amina submitted A again (accepted) and B again (rejected) after solving them.
    expect(standings.rows[0]?.cells).toEqual({
      A: { solved: true, attempts: 2, minutes: 15, firstToSolve: false, score: null },
      B: { solved: true, attempts: 1, minutes: 50, firstToSolve: false, score: null },
    });
  });

  it("marks the earliest accepted submission of each problem, and keeps rejected tries", () => {
    expect(standings.rows[2]?.cells.A?.firstToSolve).toBe(true);
    expect(standings.rows[3]?.cells).toEqual({
      B: { solved: false, attempts: 1, minutes: null, firstToSolve: false, score: null },
      C: { solved: true, attempts: 1, minutes: 70, firstToSolve: true, score: null },
    });
  });

  it("names people by nickname, else username, with the username as handle", () => {
    expect(standings.rows[0]?.members).toEqual([{ name: "Amina Rahman", handle: "amina", email: null }]);
    expect(standings.rows[2]?.members).toEqual([{ name: "bilal", handle: "bilal", email: null }]);
  });

  it("leaves out who never submitted in time, and warns of submissions after the end", () => {
    expect(standings.rows.map((row) => row.members[0]?.handle)).not.toContain("eve");
    expect(standings.rows.map((row) => row.members[0]?.handle)).not.toContain("fay");
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Left out 1 submission made after the contest ended" },
    ]);
    const file = JSON.parse(weekly);
    delete file.length;
    const unlimited = parseVjudgeRank(JSON.stringify(file));
    expect(unlimited.rows.at(-1)).toMatchObject({ name: "Fay", rank: 5, solved: 1, penalty: 316 });
    expect(englishWarnings(unlimited.warnings)).toEqual([]);
  });

  it("takes the problem count when given, for problems no one submitted to", () => {
    expect(parseVjudgeRank(weekly, 5).problems.map((problem) => problem.label)).toEqual(["A", "B", "C", "D", "E"]);
  });
});

describe("details", () => {
  it("marks every solve at the earliest second as first, and counts whole minutes", () => {
    const standings = parseVjudgeRank(
      rankFile(3, [
        [1, 0, true, 659],
        [2, 0, true, 659],
        [3, 0, true, 660],
      ]),
    );
    expect(standings.rows.map((row) => [row.name, row.cells.A?.firstToSolve, row.cells.A?.minutes])).toEqual([
      ["user1", true, 10],
      ["user2", true, 10],
      ["user3", false, 11],
    ]);
    expect(column(standings, "rank")).toEqual([1, 1, 3]);
    expect(standings.contestName).toBeNull();
  });

  it("labels problems past Z as spreadsheets do", () => {
    const standings = parseVjudgeRank(rankFile(1, [[1, 27, true, 60]]));
    expect(standings.problems).toHaveLength(28);
    expect(standings.problems.slice(24).map((problem) => problem.label)).toEqual(["Y", "Z", "AA", "AB"]);
    expect(Object.keys(standings.rows[0]?.cells ?? {})).toEqual(["AB"]);
  });
});

describe("refusals", () => {
  it("refuses a contest nobody submitted to in time, as an empty file of any format", () => {
    const nobody = JSON.stringify({
      participants: { "1": ["ann", "Ann"] },
      submissions: [[1, 0, 1, 9000]],
      length: 3_600_000,
    });
    expect(englishRefusal(() => parseVjudgeRank(nobody)).message).toBe(
      "The file holds no team or participant: there are no standings to import.",
    );
  });

  it("refuses what is not JSON, or lacks participants or submissions", () => {
    expect(englishRefusal(() => parseVjudgeRank("<html>")).message).toBe("not valid JSON (Unexpected token '<')");
    expect(englishRefusal(() => parseVjudgeRank(JSON.stringify({ submissions: [] }))).message).toBe(
      "participants: is required",
    );
    expect(englishRefusal(() => parseVjudgeRank(JSON.stringify({ participants: {} }))).where).toBe("submissions");
  });

  it("names the submission of an unknown participant, or of a problem past the count", () => {
    const unknown = englishRefusal(() =>
      parseVjudgeRank(
        rankFile(2, [
          [1, 0, true, 60],
          [7, 0, true, 60],
        ]),
      ),
    );
    expect(unknown.where).toBe("submissions[1]");
    expect(unknown.message).toContain("participant 7 is not in participants");
    expect(englishRefusal(() => parseVjudgeRank(weekly, 2)).where).toBe("submissions[12]");
  });

  it("names the field of a malformed submission", () => {
    const file = JSON.stringify({ participants: { "1": ["ann", "Ann"] }, submissions: [[1, "A", 1, 60]] });
    expect(englishRefusal(() => parseVjudgeRank(file)).where).toBe("submissions[0][1]");
  });
});

describe("any list of submissions", () => {
  const PARTICIPANTS = 5;
  const submission = fc.tuple(
    fc.integer({ min: 1, max: PARTICIPANTS }),
    fc.integer({ min: 0, max: 3 }),
    fc.boolean(),
    // Short times too, so that submissions often share a second or a minute.
    fc.oneof(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 5 * 3600 })),
  );

  /** Solved and penalty per username, straight from the ICPC rules, problem by problem. */
  function expectedResults(submissions: [number, number, boolean, number][]) {
    const results = new Map<string, { solved: number; penalty: number }>();
    for (const [participant] of submissions) results.set(`user${participant}`, { solved: 0, penalty: 0 });
    for (const [name, result] of results) {
      for (let problem = 0; problem < 4; problem++) {
        const tries = submissions
          .filter(([who, what]) => `user${who}` === name && what === problem)
          .sort((a, b) => a[3] - b[3]);
        const accepted = tries.findIndex(([, , ok]) => ok);
        if (accepted < 0) continue;
        result.solved += 1;
        result.penalty += Math.floor((tries[accepted]?.[3] ?? 0) / 60) + 20 * accepted;
      }
    }
    return results;
  }

  const better = (a: StandingsRow, b: StandingsRow) =>
    a.solved > b.solved || (a.solved === b.solved && (a.penalty ?? 0) < (b.penalty ?? 0));

  it("ranks in ICPC order, with penalties as the rules give them", () => {
    fc.assert(
      // An empty list is refused (no standings), as the refusals above show.
      fc.property(fc.array(submission, { minLength: 1, maxLength: 60 }), (submissions) => {
        const { rows } = parseVjudgeRank(rankFile(PARTICIPANTS, submissions));
        rows.forEach((row, index) => {
          expect(row.rank).toBe(1 + rows.filter((other) => better(other, row)).length);
          const next = rows[index + 1];
          if (!next) return;
          expect(row.solved).toBeGreaterThanOrEqual(next.solved);
          if (row.solved === next.solved) expect(row.penalty).toBeLessThanOrEqual(next.penalty ?? 0);
          if (row.solved === next.solved && row.penalty === next.penalty) expect(next.rank).toBe(row.rank);
          else expect(next.rank).toBeGreaterThan(row.rank ?? 0);
        });
        const results = new Map(rows.map((row) => [row.name, { solved: row.solved, penalty: row.penalty }]));
        expect(results).toEqual(expectedResults(submissions));
      }),
    );
  });
});
