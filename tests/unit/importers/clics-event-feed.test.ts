import { describe, expect, it } from "vitest";
import {
  applyEvent,
  computeScoreboard,
  emptyContestState,
  type FeedEvent,
  parseEventFeed,
  reltimeSeconds,
  stateOfFeed,
} from "~/features/standings/importers/clics-event-feed";

/**
 * The event-feed reducer and the ICPC scoreboard computed from its state, on small hand-made
 * feeds of both eras: 2020-03/2021-11 (`op`, the event's own id) and 2022-07+ (`data: null` to
 * delete, a token). The corpus test runs it on real feeds.
 */

type Era = "2020" | "2023";

/** An event in the era's shape: `data` null deletes. */
function event(era: Era, type: string, id: string, data: Record<string, unknown> | null): FeedEvent {
  if (era === "2023") return { type, id, data, token: `t${id}` } as FeedEvent;
  return { type, id: `ev-${type}-${id}`, op: data === null ? "delete" : "create", data: data ?? { id } };
}

function contest(era: Era, penalty: number | string = 20, freeze = "1:00:00") {
  const base: FeedEvent[] = [
    event(era, "contests", "c", {
      id: "c",
      name: "Test Cup",
      duration: "5:00:00.000",
      scoreboard_freeze_duration: freeze,
      penalty_time: penalty,
    }),
    event(era, "judgement-types", "AC", { id: "AC", penalty: false, solved: true }),
    event(era, "judgement-types", "WA", { id: "WA", penalty: true, solved: false }),
    event(era, "judgement-types", "CE", { id: "CE", penalty: false, solved: false }),
    event(era, "problems", "p2", { id: "p2", label: "B", name: "Bees", ordinal: 2 }),
    event(era, "problems", "p1", { id: "p1", label: "A", name: "Ants", ordinal: 1 }),
    event(era, "teams", "t1", { id: "t1", name: "One" }),
    event(era, "teams", "t2", { id: "t2", name: "Two" }),
    event(era, "teams", "t3", { id: "t3", name: "Three" }),
  ];
  return base;
}

/** A submission and its judgement (none: still judging). */
function attempt(era: Era, id: string, team: string, problem: string, time: string, verdict?: string): FeedEvent[] {
  const submission = event(era, "submissions", id, { id, team_id: team, problem_id: problem, contest_time: time });
  if (verdict === undefined) return [submission];
  return [
    submission,
    event(era, "judgements", `j${id}`, { id: `j${id}`, submission_id: id, judgement_type_id: verdict }),
  ];
}

const summary = (events: FeedEvent[], options = {}) =>
  computeScoreboard(stateOfFeed(events), options).rows.map((row) => [row.teamId, row.rank, row.solved, row.penalty]);

describe.each(["2020", "2023"] as const)("a %s-era feed", (era) => {
  it("ranks by solved, penalty (minutes plus the contest's penalty per rejected try), then last solve", () => {
    const events = [
      ...contest(era, 20),
      ...attempt(era, "1", "t1", "p1", "0:10:59.999", "WA"),
      ...attempt(era, "2", "t1", "p1", "0:20:00", "AC"),
      ...attempt(era, "3", "t2", "p1", "0:40:00", "AC"),
      ...attempt(era, "4", "t3", "p2", "0:30:00", "CE"),
      ...attempt(era, "5", "t3", "p2", "0:35:00", "AC"),
      ...attempt(era, "6", "t3", "p1", "0:05:00", "AC"),
    ];
    // t1: 20 + 20 = 40 on A; t2: 40; t3: 5 + 35 = 40 on two problems (the compile error costs nothing).
    expect(summary(events)).toEqual([
      ["t3", 1, 2, 40],
      ["t1", 2, 1, 40],
      ["t2", 3, 1, 40],
    ]);
    const board = computeScoreboard(stateOfFeed(events));
    expect(board.problems.map((problem) => problem.label)).toEqual(["A", "B"]);
    expect(board.rows[1]?.cells.get("p1")).toMatchObject({ attempts: 2, solved: true, minutes: 20, pending: 0 });
    expect(board.rows[0]?.cells.get("p2")).toMatchObject({ attempts: 1, solved: true, minutes: 35 });
  });

  it("takes penalty_time in minutes or as RELTIME, and 20 without one", () => {
    const tries = [
      ...attempt(era, "1", "t1", "p1", "0:10:00", "WA"),
      ...attempt(era, "2", "t1", "p1", "0:11:00", "AC"),
    ];
    expect(summary([...contest(era, 7), ...tries])[0]).toEqual(["t1", 1, 1, 18]);
    expect(summary([...contest(era, "0:15:00"), ...tries])[0]).toEqual(["t1", 1, 1, 26]);
    const withoutPenalty = contest(era).map((e) =>
      e.type === "contests" ? event(era, "contests", "c", { id: "c", duration: "5:00:00" }) : e,
    );
    expect(summary([...withoutPenalty, ...tries])[0]).toEqual(["t1", 1, 1, 31]);
  });

  it("follows a judgement type's own flags, and the latest judgement of a rejudged submission", () => {
    const events = [
      ...contest(era),
      event(era, "judgement-types", "NO", { id: "NO", penalty: false, solved: false }),
      ...attempt(era, "1", "t1", "p1", "0:10:00", "NO"),
      ...attempt(era, "2", "t1", "p1", "0:30:00", "WA"),
      event(era, "judgements", "j2b", { id: "j2b", submission_id: "2", judgement_type_id: "AC" }),
    ];
    expect(summary(events)[0]).toEqual(["t1", 1, 1, 30]);
  });

  it("deletes submissions, teams and problems", () => {
    const events = [
      ...contest(era),
      ...attempt(era, "1", "t1", "p1", "0:10:00", "AC"),
      ...attempt(era, "2", "t2", "p2", "0:10:00", "AC"),
      event(era, "submissions", "1", null),
      event(era, "teams", "t3", null),
      event(era, "problems", "p2", null),
    ];
    const board = computeScoreboard(stateOfFeed(events));
    expect(board.problems.map((problem) => problem.id)).toEqual(["p1"]);
    expect(board.rows.map((row) => [row.teamId, row.solved])).toEqual([
      ["t1", 0],
      ["t2", 0],
    ]);
  });

  it("hides outcomes from the freeze on while frozen and not thawed, unless asked", () => {
    const events = [
      ...contest(era, 20, "1:00:00"),
      event(era, "state", "state", { started: "2030-01-01T10:00:00Z", frozen: "2030-01-01T14:00:00Z" }),
      ...attempt(era, "1", "t1", "p1", "3:59:59", "AC"),
      ...attempt(era, "2", "t2", "p1", "4:00:00", "AC"),
      ...attempt(era, "3", "t2", "p2", "4:30:00", "WA"),
    ];
    const frozen = computeScoreboard(stateOfFeed(events));
    expect(frozen.frozen).toBe(true);
    expect(frozen.hiddenByFreeze).toBe(2);
    expect(frozen.rows.map((row) => [row.teamId, row.solved])).toEqual([
      ["t1", 1],
      ["t2", 0],
      ["t3", 0],
    ]);
    expect(frozen.rows[1]?.cells.get("p1")).toMatchObject({ pending: 1, attempts: 0, solved: false });
    expect(summary(events, { revealFrozen: true }).map(([team, , solved]) => [team, solved])).toEqual([
      ["t1", 1],
      ["t2", 1],
      ["t3", 0],
    ]);
    const thawed = [
      ...events,
      event(era, "state", "state", {
        started: "2030-01-01T10:00:00Z",
        frozen: "2030-01-01T14:00:00Z",
        thawed: "2030-01-01T16:00:00Z",
      }),
    ];
    expect(computeScoreboard(stateOfFeed(thawed)).frozen).toBe(false);
    expect(summary(thawed)[1]).toEqual(["t2", 2, 1, 240]);
  });

  it("leaves out hidden teams and teams of hidden groups, and submissions outside the contest", () => {
    const events = [
      ...contest(era),
      event(era, "groups", "jury", { id: "jury", name: "Jury", hidden: true }),
      event(era, "teams", "t2", { id: "t2", name: "Two", group_ids: ["jury"] }),
      event(era, "teams", "t3", { id: "t3", name: "Three", hidden: true }),
      ...attempt(era, "1", "t1", "p1", "5:00:00", "AC"),
      ...attempt(era, "2", "t1", "p2", "-0:01:00", "AC"),
    ];
    const board = computeScoreboard(stateOfFeed(events));
    expect(board.rows.map((row) => [row.teamId, row.solved])).toEqual([["t1", 0]]);
    expect(board.outsideContest).toBe(2);
  });

  it("marks the first solve of each problem to the second, and counts submissions still judging", () => {
    const events = [
      ...contest(era),
      ...attempt(era, "1", "t1", "p1", "0:10:30", "AC"),
      ...attempt(era, "2", "t2", "p1", "0:10:10", "AC"),
      ...attempt(era, "3", "t3", "p1", "0:11:00"),
    ];
    const board = computeScoreboard(stateOfFeed(events));
    expect(board.rows.map((row) => [row.teamId, row.cells.get("p1")?.firstToSolve])).toEqual([
      ["t1", false],
      ["t2", true],
      ["t3", false],
    ]);
    expect(board.rows[0]?.rank).toBe(1);
    expect(board.rows[1]?.rank).toBe(1);
    expect(board.unjudged).toBe(1);
  });
});

describe("the reducer", () => {
  it("gives, event by event, the state a whole feed gives", () => {
    const events = [...contest("2023"), ...attempt("2023", "1", "t1", "p1", "0:10:00", "AC")];
    const state = emptyContestState();
    const boards = events.map((each) => computeScoreboard(applyEvent(state, each)).rows.length);
    expect(boards.at(-1)).toBe(3);
    expect(computeScoreboard(state)).toEqual(computeScoreboard(stateOfFeed(events)));
  });

  it("counts events it cannot use, and ignores types it doesn't know", () => {
    const state = stateOfFeed([
      { type: "submissions", id: "x", data: { id: "x" } },
      { type: "commentary", id: "c1", data: { id: "c1", message: "hello" } },
    ]);
    expect(state.skipped).toBe(1);
  });
});

describe("reading a feed", () => {
  it("reads NDJSON, skipping keep-alive blank lines and counting lines that are not events", () => {
    const { events, unreadableLines } = parseEventFeed('{"type":"state","data":{}}\n\n\nnot json\n[1]\n');
    expect(events).toHaveLength(1);
    expect(unreadableLines).toEqual([4, 5]);
  });

  it("reads a feed written as one JSON array", () => {
    expect(parseEventFeed('[{"type":"state","data":{}}]').events).toHaveLength(1);
  });

  it("reads RELTIME with hours of any width, a fraction and a sign", () => {
    expect(reltimeSeconds("1:23:45.678")).toBeCloseTo(5025.678);
    expect(reltimeSeconds("00:05:29.204")).toBeCloseTo(329.204);
    expect(reltimeSeconds("-0:01:00")).toBe(-60);
    expect(reltimeSeconds("soon")).toBeNull();
  });
});
