import { describe, expect, it } from "vitest";
import { boardOfPolledScoreboard, readPolledScoreboard } from "~/features/live-contests/polled-scoreboard";

/**
 * A judge that doesn't stream, polled: once its state says frozen, the board keeps what it showed
 * at the freeze and counts later tries as pending, whatever the follower's account is shown.
 */
const contest = {
  id: "c",
  name: "Club cup",
  duration: "5:00:00",
  scoreboard_freeze_duration: "1:00:00",
  penalty_time: 20,
};
const problems = [
  { id: "pa", label: "A", name: "Apples", ordinal: 0 },
  { id: "pb", label: "B", name: "Bananas", ordinal: 1 },
];
const teams = [
  { id: "t1", name: "Alpha" },
  { id: "t2", name: "Beta" },
];
const cell = (problem_id: string, num_judged: number, solved: boolean, time = 0) => ({
  problem_id,
  num_judged,
  num_pending: 0,
  solved,
  time,
});

describe("a polled scoreboard", () => {
  it("hides every outcome judged after the freeze, solves and failures alike, until the judge thaws", () => {
    const before = readPolledScoreboard({
      contest,
      state: { started: "2026-11-27T04:00:00Z" },
      problems,
      teams,
      scoreboard: {
        rows: [
          { rank: 1, team_id: "t1", problems: [cell("pa", 1, true, 30)] },
          { rank: 2, team_id: "t2", problems: [cell("pa", 1, false)] },
        ],
      },
      previous: null,
    });
    expect(boardOfPolledScoreboard({ slug: "cup", name: "Cup", polledScoreboard: before }, "1").frozen).toBe(false);
    const frozenState = { started: "2026-11-27T04:00:00Z", frozen: "2026-11-27T08:00:00Z" };
    // The first frozen answer is the base: the board as it was.
    const first = readPolledScoreboard({
      contest,
      state: frozenState,
      problems,
      teams,
      scoreboard: {
        rows: [
          { rank: 1, team_id: "t1", problems: [cell("pa", 1, true, 30)] },
          { rank: 2, team_id: "t2", problems: [cell("pa", 1, false)] },
        ],
      },
      previous: null,
    });
    expect(first.frozenBase).not.toBeNull();
    // A jury account's later answer: Beta solved A and B after the freeze, Alpha failed B.
    const later = readPolledScoreboard({
      contest,
      state: frozenState,
      problems,
      teams,
      scoreboard: {
        rows: [
          { rank: 1, team_id: "t2", problems: [cell("pa", 2, true, 250), cell("pb", 1, true, 260)] },
          { rank: 2, team_id: "t1", problems: [cell("pa", 1, true, 30), cell("pb", 1, false)] },
        ],
      },
      previous: first,
    });
    const board = boardOfPolledScoreboard({ slug: "cup", name: "Cup", polledScoreboard: later }, "2");
    expect(board.frozen).toBe(true);
    expect(board.phase).toBe("frozen");
    const [top, second] = board.rows;
    expect(top).toMatchObject({ teamId: "t1", rank: 1, solved: 1, penalty: 30 });
    expect(top?.cells.pb).toMatchObject({ attempts: 0, pending: 1, solved: false });
    expect(second).toMatchObject({ teamId: "t2", rank: 2, solved: 0 });
    expect(second?.cells.pa).toMatchObject({ attempts: 1, pending: 1, solved: false });
    expect(second?.cells.pb).toMatchObject({ attempts: 0, pending: 1, solved: false });
    expect(JSON.stringify(board)).not.toContain("250");

    // Thawed: the judge's board as it is.
    const thawed = readPolledScoreboard({
      contest,
      state: { ...frozenState, thawed: "2026-11-27T10:00:00Z" },
      problems,
      teams,
      scoreboard: later.rows.map((row) => ({
        rank: row.rank,
        team_id: row.teamId,
        problems: Object.entries(row.cells).map(([problem_id, c]) => ({
          problem_id,
          num_judged: c.judged,
          num_pending: c.pending,
          solved: c.solved,
          time: c.minutes ?? 0,
        })),
      })),
      previous: later,
    });
    const open = boardOfPolledScoreboard({ slug: "cup", name: "Cup", polledScoreboard: thawed }, "3");
    expect(open.frozen).toBe(false);
    expect(open.rows[0]).toMatchObject({ teamId: "t2", solved: 2 });
  });
});
