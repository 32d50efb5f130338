import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { fetchCodeforcesStandings, parseCodeforcesStandings } from "~/features/standings/importers/codeforces";
import type { ImportedStandings } from "~/features/standings/standings";
import { englishFetchFailure, englishRefusal, englishWarnings } from "./english";

/**
 * The Codeforces importer against hand-written `contest.standings` answers: an ICPC contest with
 * practice, virtual and manager rows, a CF round with hacks and someone out of competition, an
 * IOI contest with partial scores, and the live path with a fake fetch (never the network).
 */
const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../fixtures/standings/codeforces/${name}`, import.meta.url), "utf8");

const column = <K extends keyof ImportedStandings["rows"][number]>(standings: ImportedStandings, key: K) =>
  standings.rows.map((row) => row[key]);

const firstSolves = (standings: ImportedStandings) =>
  standings.rows.flatMap((row) =>
    Object.entries(row.cells)
      .filter(([, cell]) => cell.firstToSolve)
      .map(([label]) => `${row.name}: ${label}`),
  );

describe("an ICPC contest", () => {
  const standings = parseCodeforcesStandings(fixture("icpc.json"));

  it("ranks by solved and penalty, with the file's ranks and ties", () => {
    expect(standings.scoring).toBe("icpc");
    expect(standings.contestName).toBe("Club Selection Contest 2031");
    expect(standings.problems).toEqual([
      { label: "A", name: "Apples" },
      { label: "B", name: "Bridges" },
      { label: "C", name: "Cards" },
    ]);
    expect(column(standings, "name")).toEqual(["Alpha", "dave_r, erin_s", "carol_t", "frank_u", "heidi_w"]);
    expect(column(standings, "rank")).toEqual([1, 1, 3, 4, null]);
    expect(column(standings, "solved")).toEqual([2, 2, 2, 1, 1]);
    expect(column(standings, "penalty").slice(0, 4)).toEqual([150, 150, 170, 60]);
    expect(column(standings, "score")).toEqual([null, null, null, null, null]);
  });

  it("names a team by its team name, and lists its members by handle", () => {
    const [alpha, pair] = standings.rows;
    expect(alpha?.members).toEqual([
      { name: "alice_k", handle: "alice_k", email: null },
      { name: "bob_m", handle: "bob_m", email: null },
    ]);
    expect(pair?.members.map((member) => member.handle)).toEqual(["dave_r", "erin_s"]);
  });

  it("counts the accepted submission among the attempts, and whole minutes to it", () => {
    expect(standings.rows[0]?.cells).toEqual({
      A: { solved: true, attempts: 2, minutes: 30, firstToSolve: false, score: null },
      B: { solved: true, attempts: 1, minutes: 100, firstToSolve: true, score: null },
      C: { solved: false, attempts: 2, minutes: null, firstToSolve: false, score: null },
    });
    expect(Object.keys(standings.rows[1]?.cells ?? {})).toEqual(["A", "B"]);
    expect(standings.rows[2]?.cells.B?.minutes).toBe(125);
  });

  it("marks the earliest solves among contestants, ties included", () => {
    // The manager, the virtual and the practice rows solved earlier; they don't count.
    expect(firstSolves(standings)).toEqual(["Alpha: B", "dave_r, erin_s: B", "carol_t: A", "frank_u: C"]);
  });

  it("leaves out practice and manager rows, and lists a virtual participant marked, without a rank", () => {
    expect(standings.rows.map((row) => row.name)).not.toContain("grace_v");
    const virtual = standings.rows.filter((row) => row.rank === null);
    expect(virtual.map((row) => [row.name, row.awards])).toEqual([["heidi_w", ["Virtual participant"]]]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Left out the rows that are not contestants: 2 practice, 1 manager" },
      { message: "1 row is not official (virtual, out of competition): listed, marked, without a rank" },
    ]);
  });

  it("ranks the official rows again among themselves when the file's ranks count the unofficial ones", () => {
    const file = JSON.parse(fixture("icpc.json"));
    // As showUnofficial=true answers: a virtual participant ranked among the contestants.
    const rows = file.result.rows as { party: { participantType: string }; rank: number }[];
    const virtual = rows.find((row) => row.party.participantType === "VIRTUAL");
    if (!virtual) throw new Error("the fixture has a virtual row");
    rows.splice(rows.indexOf(virtual), 1);
    rows.splice(1, 0, { ...virtual, rank: 2 });
    rows.forEach((row, index) => {
      if (row.party.participantType === "CONTESTANT") row.rank = [1, 1, 3, 4, 5][index] ?? row.rank;
    });
    const reranked = parseCodeforcesStandings(JSON.stringify(file));
    expect(reranked.rows.filter((row) => row.rank !== null).map((row) => [row.name, row.rank])).toEqual([
      ["Alpha", 1],
      ["dave_r, erin_s", 1],
      ["carol_t", 3],
      ["frank_u", 4],
    ]);
    expect(englishWarnings(reranked.warnings).map((warning) => warning.message)).toContain(
      "The file's ranks counted the rows that are not official: the official rows are ranked again among themselves",
    );
  });

  it("marks no first solve in one page of the standings (the 36th of a whole round is not first)", () => {
    const file = JSON.parse(fixture("icpc.json"));
    file.result.rows = file.result.rows.slice(2, 4);
    const page = parseCodeforcesStandings(JSON.stringify(file));
    expect(firstSolves(page)).toEqual([]);
    expect(englishWarnings(page.warnings).map((warning) => warning.message)).toContain(
      "The file holds one page of the standings (its first rank is 3), not the whole contest: no first solves are marked",
    );
  });
});

describe("a CF round", () => {
  const standings = parseCodeforcesStandings(fixture("cf-round.json"));

  it("ranks by the row's points, hacks included, and keeps out-of-competition rows unranked", () => {
    expect(standings.scoring).toBe("score");
    expect(column(standings, "name")).toEqual(["kestrel", "osprey", "heron", "plover", "wren"]);
    expect(column(standings, "rank")).toEqual([1, null, 2, 2, 4]);
    expect(column(standings, "score")).toEqual([1848, 1660, 1440, 1440, 0]);
    expect(column(standings, "solved")).toEqual([2, 2, 2, 1, 0]);
    expect(column(standings, "penalty")).toEqual([null, null, null, null, null]);
    expect(standings.rows[1]?.awards).toEqual(["Out of competition"]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "1 row is not official (virtual, out of competition): listed, marked, without a rank" },
    ]);
  });

  it("gives each cell its points, and counts a problem with only rejections as tried", () => {
    expect(standings.rows[0]?.cells.A).toEqual({
      solved: true,
      attempts: 1,
      minutes: 6,
      firstToSolve: true,
      score: 488,
    });
    expect(standings.rows[0]?.cells.B).toMatchObject({ attempts: 2, minutes: 25, score: 960 });
    expect(standings.rows[4]?.cells).toEqual({
      A: { solved: false, attempts: 2, minutes: null, firstToSolve: false, score: 0 },
    });
  });

  it("gives first solves to ranked contestants only (osprey was earlier on A and B)", () => {
    expect(firstSolves(standings)).toEqual(["kestrel: A", "kestrel: B", "heron: B", "plover: C"]);
  });

  it("warns when the file's ranks disagree with the points", () => {
    const file = JSON.parse(fixture("cf-round.json"));
    file.result.rows[2].points = 1000;
    const warnings = englishWarnings(parseCodeforcesStandings(JSON.stringify(file)).warnings).map(
      (warning) => warning.message,
    );
    expect(warnings).toEqual([
      "1 row is not official (virtual, out of competition): listed, marked, without a rank",
      "plover (rank 2) has a better result than heron (rank 2) above it",
    ]);
  });
});

describe("a gym contest", () => {
  it("keeps the onsite teams, which the gym lists as ghosts, and ranks them", () => {
    const file = JSON.parse(fixture("icpc.json"));
    file.result.rows = file.result.rows
      .filter((row: { party: { participantType: string } }) => row.party.participantType === "CONTESTANT")
      .map((row: { party: Record<string, unknown> }, index: number) => ({
        ...row,
        party: {
          contestId: 104000,
          members: [],
          participantType: "PRACTICE",
          teamName: `Onsite ${index}`,
          ghost: true,
        },
      }));
    const gym = parseCodeforcesStandings(JSON.stringify(file));
    expect(gym.rows.map((row) => [row.name, row.rank, row.members])).toEqual([
      ["Onsite 0", 1, []],
      ["Onsite 1", 1, []],
      ["Onsite 2", 3, []],
      ["Onsite 3", 4, []],
    ]);
  });
});

describe("an empty answer", () => {
  it("is refused, as an empty file of any format", () => {
    const file = JSON.parse(fixture("icpc.json"));
    file.result.rows = [];
    expect(englishRefusal(() => parseCodeforcesStandings(JSON.stringify(file))).message).toBe(
      "The file holds no team or participant: there are no standings to import.",
    );
  });
});

describe("an IOI contest", () => {
  const standings = parseCodeforcesStandings(fixture("ioi.json"));

  it("counts only full marks as solved, keeps partial points, and warns of preliminary results", () => {
    expect(standings.scoring).toBe("score");
    expect(standings.problems).toEqual([
      { label: "A", name: "Tiles" },
      { label: "B", name: "B" },
    ]);
    expect(column(standings, "score")).toEqual([170, 100, 0]);
    expect(column(standings, "solved")).toEqual([1, 1, 0]);
    expect(standings.rows[0]?.cells.B).toEqual({
      solved: false,
      attempts: 4,
      minutes: 150,
      firstToSolve: false,
      score: 70,
    });
    expect(standings.rows[2]?.cells).toEqual({});
    expect(firstSolves(standings)).toEqual(["finch: A"]);
    expect(englishWarnings(standings.warnings)).toEqual([
      { message: "Some results are preliminary: points can still change in the system tests" },
    ]);
  });
});

describe("refusals", () => {
  it("passes on the API's reason for a FAILED answer", () => {
    const error = englishRefusal(() => parseCodeforcesStandings(fixture("failed.json")));
    expect(error.where).toBe("status");
    expect(error.message).toBe("status: Codeforces refused the request: contestId: Contest with id 999999 not found");
  });

  it("names the field that is missing or wrong", () => {
    const notJson = englishRefusal(() => parseCodeforcesStandings("{ not json"));
    expect(notJson.where).toBe("line 1, column 3");
    expect(notJson.message).toContain("not valid JSON (Expected property name");
    const file = JSON.parse(fixture("icpc.json"));
    expect(englishRefusal(() => parseCodeforcesStandings(JSON.stringify({ status: "OK", result: {} }))).where).toBe(
      "result.contest",
    );
    file.result.rows[3].party.members[0].handle = 7;
    expect(englishRefusal(() => parseCodeforcesStandings(JSON.stringify(file))).where).toBe(
      "result.rows[3].party.members[0].handle",
    );
  });

  it("refuses a row whose results don't match the problems", () => {
    const file = JSON.parse(fixture("icpc.json"));
    file.result.rows[1].problemResults.pop();
    const error = englishRefusal(() => parseCodeforcesStandings(JSON.stringify(file)));
    expect(error.where).toBe("result.rows[1].problemResults");
    expect(error.message).toContain("2 problem results for 3 problems");
  });
});

describe("fetching from the API", () => {
  function fakeFetch(answer: () => Promise<Response>) {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const impl: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init });
      return answer();
    };
    return { impl, calls };
  }

  it("asks for the official standings, with a time limit, and returns the answer as is", async () => {
    const body = fixture("cf-round.json");
    const { impl, calls } = fakeFetch(async () => new Response(body, { status: 200 }));
    await expect(fetchCodeforcesStandings(2210, impl)).resolves.toBe(body);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://codeforces.com/api/contest.standings?contestId=2210&showUnofficial=false");
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("fails clearly when Codeforces answers an error status", async () => {
    const unavailable = fakeFetch(async () => new Response("<html>Service Unavailable</html>", { status: 503 }));
    expect(await englishFetchFailure(fetchCodeforcesStandings(2210, unavailable.impl))).toBe(
      "Codeforces answered HTTP 503",
    );
    const unknown = fakeFetch(async () => new Response(fixture("failed.json"), { status: 400 }));
    expect(await englishFetchFailure(fetchCodeforcesStandings(999999, unknown.impl))).toBe(
      "Codeforces answered HTTP 400: contestId: Contest with id 999999 not found",
    );
  });

  it("fails clearly when Codeforces doesn't answer in time or can't be reached", async () => {
    const slow = fakeFetch(async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    expect(await englishFetchFailure(fetchCodeforcesStandings(2210, slow.impl))).toBe(
      "Codeforces did not answer within 15 s",
    );
    const offline = fakeFetch(async () => {
      throw new TypeError("fetch failed");
    });
    expect(await englishFetchFailure(fetchCodeforcesStandings(2210, offline.impl))).toBe(
      "Codeforces is unreachable: fetch failed",
    );
  });

  it("refuses a contest id that is not a positive whole number, without asking", async () => {
    const { impl, calls } = fakeFetch(async () => new Response("{}"));
    await expect(fetchCodeforcesStandings(0, impl)).rejects.toThrow(RangeError);
    await expect(fetchCodeforcesStandings(12.5, impl)).rejects.toThrow(RangeError);
    expect(calls).toEqual([]);
  });
});
