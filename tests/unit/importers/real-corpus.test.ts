import { readdirSync, readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseClicsFiles, parseClicsPackage } from "~/features/standings/importers/clics";
import { parseCodeforcesStandings } from "~/features/standings/importers/codeforces";
import { parseDomjudgeResults } from "~/features/standings/importers/domjudge";
import { parseVjudgeRank } from "~/features/standings/importers/vjudge";
import type { ImportedStandings, StandingsCell } from "~/features/standings/standings";
import { englishRefusal, englishWarnings } from "./english";

/**
 * Every file of tests/fixtures/standings/real (real exports of DOMjudge, PC^2, a CDS, contests'
 * event feeds, a Codeforces answer and a vjudge rank; SOURCES.md says where each comes from) imported as a dry
 * run, and compared row by row and cell by cell with standings worked out here without the
 * importers: from the file's own ranks and scoreboard where it has them, else by the small
 * reference implementation of the ICPC rule below. Where a file's scoreboard disagrees with the
 * rule (ranks shared by honourable mentions, a PC^2 scoreboard's zero times), the file's word wins.
 */

const REAL = new URL("../../fixtures/standings/real/", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, REAL), "utf8");
const bytes = (path: string) => new Uint8Array(readFileSync(new URL(path, REAL)));

/** A row as compared: rank, solved, penalty or score, and each cell tried. */
interface ExpectedRow {
  name: string;
  rank: number | null;
  solved: number;
  penalty: number | null;
  cells: Record<string, Pick<StandingsCell, "solved" | "attempts" | "minutes" | "firstToSolve">>;
}

function actualRows(standings: ImportedStandings): ExpectedRow[] {
  return standings.rows.map((row) => ({
    name: row.name,
    rank: row.rank,
    solved: row.solved,
    penalty: row.penalty,
    cells: Object.fromEntries(
      Object.entries(row.cells).map(([label, { solved, attempts, minutes, firstToSolve }]) => [
        label,
        { solved, attempts, minutes, firstToSolve },
      ]),
    ),
  }));
}

/** Rows compared whatever the order of teams sharing a rank (names may repeat: one team per university). */
const asMultiset = (rows: ExpectedRow[]) => rows.map((row) => JSON.stringify(row)).sort();

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// results.tsv: the file's own ranks and totals.

const RESULTS_FILES = [
  "domjudge/sample/results-full-honors.tsv",
  "domjudge/sample/results-full-ranked.tsv",
  "domjudge/sample/results-wf-honors.tsv",
  "domjudge/sample/results-wf-ranked.tsv",
  "domjudge/wf/results-full-honors.tsv",
  "domjudge/wf/results-full-ranked.tsv",
  "domjudge/wf/results-wf-honors.tsv",
  "domjudge/wf/results-wf-ranked.tsv",
  "pc2v9/pc2/results.tsv",
  "pc2v9/pc2data1/results.tsv",
  "pc2v9/domjudge/results.tsv",
  "pc2v9/wf47/results.tsv",
];

function resultsOfTsv(text: string): ExpectedRow[] {
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [id = "", rank = "", , solved = "", time = ""] = line.split("\t");
      return {
        name: id,
        rank: rank === "" ? null : Number(rank),
        solved: Number(solved),
        penalty: Number(time),
        cells: {},
      };
    });
}

describe("results.tsv of DOMjudge and PC^2", () => {
  it.each(RESULTS_FILES)("%s: every team's rank, solved and time as the file gives them", (path) => {
    const text = read(path);
    const standings = parseDomjudgeResults(text);
    expect(actualRows(standings)).toEqual(resultsOfTsv(text));
    // Honourable mentions share a rank in no order of time: said once, never pair by pair.
    const messages = englishWarnings(standings.warnings).map((warning) => warning.message);
    expect(messages.filter((message) => message.includes("has a better result than")).length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------------------------------------
// CLICS scoreboards: the file's own rows and cells.

const FAKE_BOARD_ZIPS = [
  "ccpc2020-changchun",
  "ccpc2020-mianyang",
  "ccpc2020-net",
  "ccpc2020-qinhuangdao",
  "ccpc2020-weihai",
  "ccpc2020-women-final",
  "hljcpc2020",
  "jlcpc2020",
  "necpc2020",
];

interface ScoreboardCase {
  path: string;
  files: () => Parameters<typeof parseClicsFiles>[0];
}

const SCOREBOARD_CASES: ScoreboardCase[] = [
  {
    path: "domjudge/sample/sample-scoreboard.json",
    files: () => ({
      scoreboard: read("domjudge/sample/sample-scoreboard.json"),
      teams: read("domjudge/sample/sample-teams.json"),
      problems: read("domjudge/sample/sample-problems.json"),
    }),
  },
  {
    path: "domjudge/wf/sample-scoreboard.json",
    files: () => ({
      scoreboard: read("domjudge/wf/sample-scoreboard.json"),
      teams: read("domjudge/wf/sample-teams.json"),
      problems: read("domjudge/wf/sample-problems.json"),
    }),
  },
  ...["cds", "domjudge", "pc2", "pc2data1"].map((system) => ({
    path: `pc2v9/${system}/scoreboard.json`,
    // A results upload: scoreboard and awards, neither teams nor problems.
    files: () => ({ scoreboard: read(`pc2v9/${system}/scoreboard.json`), awards: read(`pc2v9/${system}/awards.json`) }),
  })),
  {
    path: "fake-board/nwerc18.scoreboard.json",
    files: () => ({
      scoreboard: read("fake-board/nwerc18.scoreboard.json"),
      teams: read("fake-board/nwerc18.teams.json"),
      problems: read("fake-board/nwerc18.problems.json"),
      contest: read("fake-board/nwerc18.contest.json"),
    }),
  },
  // Their problems.json labels every problem by its source judge ("pintia", "hduoj"): refused
  // below; read as a results upload, the scoreboard's own labels (A, B…) name the problems.
  ...FAKE_BOARD_ZIPS.map((name) => ({
    path: `fake-board/History/${name}.zip`,
    files: () => ({ ...filesOfApiDump(`fake-board/History/${name}.zip`), problems: undefined }),
  })),
  {
    path: "pc2v9/array-scoreboard/scoreboard.json",
    files: () => ({ scoreboard: read("pc2v9/array-scoreboard/scoreboard.json") }),
  },
];

/** DOMjudge API dumps zipped by a fake-board, each endpoint as `<contest>.<endpoint>.json`. */
function filesOfApiDump(path: string): Parameters<typeof parseClicsFiles>[0] {
  const entries = Object.entries(unzipSync(bytes(path)));
  const endpoint = (name: string) => {
    const entry = entries.find(([file]) => file.endsWith(`.${name}.json`));
    return entry ? new TextDecoder().decode(entry[1]) : undefined;
  };
  return {
    scoreboard: endpoint("scoreboard"),
    teams: endpoint("teams"),
    problems: endpoint("problems"),
    contest: endpoint("contest"),
  };
}

function rowsOfScoreboard(files: Parameters<typeof parseClicsFiles>[0]): ExpectedRow[] {
  const parsed = JSON.parse(files.scoreboard ?? "null") as Json | Json[];
  const rows = (Array.isArray(parsed) ? parsed : (parsed.rows as Json[])) ?? [];
  const teams = files.teams
    ? new Map((JSON.parse(files.teams) as Json[]).map((team) => [String(team.id), team] as const))
    : null;
  const problems = files.problems ? (JSON.parse(files.problems) as Json[]) : null;
  const labelOf = (cell: Json) => {
    const byId = problems?.find((problem) => String(problem.id) === String(cell.problem_id));
    return String(byId?.label ?? cell.label ?? cell.problem_id);
  };
  return rows.flatMap((row) => {
    const teamId = String(row.team_id ?? row.team);
    const team = teams?.get(teamId);
    // Hidden teams, and accounts the team export left out (guest, print), have no row.
    if (team?.hidden === true || (teams && !team)) return [];
    const cells = Object.fromEntries(
      ((row.problems as Json[]) ?? [])
        .filter((cell) => Number(cell.num_judged) > 0 || cell.solved === true)
        .map((cell) => [
          labelOf(cell),
          {
            solved: cell.solved === true,
            attempts: Number(cell.num_judged),
            minutes: cell.solved === true ? Number(cell.time) : null,
            firstToSolve: cell.solved === true && cell.first_to_solve === true,
          },
        ]),
    );
    const score = row.score as Json;
    return [
      {
        name: String(team?.display_name || team?.name || teamId).trim(),
        rank: Number(row.rank),
        solved: Number(score.num_solved ?? Object.values(cells).filter((cell) => cell.solved).length),
        penalty: Number(score.total_time),
        cells,
      },
    ];
  });
}

describe("CLICS scoreboards of DOMjudge (its fixtures, NWERC 2018 and CCPC 2020 API dumps), PC^2 and the CDS", () => {
  it.each(SCOREBOARD_CASES)("$path: every row and cell as the scoreboard gives them", ({ files }) => {
    const given = files();
    expect(actualRows(parseClicsFiles(given))).toEqual(rowsOfScoreboard(given));
  });
});

describe("two exports of one contest (World Finals 47 in DOMjudge's fixtures)", () => {
  it("agree: the scoreboard's import has each team's solved and time of the results.tsv, and its medal ranks", () => {
    const teams = JSON.parse(read("domjudge/wf/sample-teams.json")) as { display_name: string; icpc_id: string }[];
    const icpcIdOf = new Map(teams.map((team) => [team.display_name, team.icpc_id]));
    const imported = parseClicsFiles({
      scoreboard: read("domjudge/wf/sample-scoreboard.json"),
      teams: read("domjudge/wf/sample-teams.json"),
      problems: read("domjudge/wf/sample-problems.json"),
    });
    const results = new Map(
      resultsOfTsv(read("domjudge/wf/results-full-ranked.tsv")).map((row) => [row.name, row] as const),
    );
    expect(imported.rows).toHaveLength(results.size);
    for (const row of imported.rows) {
      const result = results.get(icpcIdOf.get(row.name) ?? "");
      expect([row.name, row.solved, row.penalty]).toEqual([row.name, result?.solved, result?.penalty]);
      if ((row.rank ?? 99) <= 12) expect([row.name, row.rank]).toEqual([row.name, result?.rank]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Event feeds: a reference implementation of the ICPC rule (CCS requirements, "Scoring Data
// Generation"), written apart from the importer's.

const FEED_FILES = [
  { path: "live-v3/swerc-2022-practice.zip", zipped: true },
  { path: "live-v3/swerc-2022-contest.zip", zipped: true },
  { path: "live-v3/euc-2025.zip", zipped: true },
  { path: "live-v3/wf-2021-test0.zip", zipped: true },
  { path: "live-v3/wf47-live.zip", zipped: true },
  { path: "live-v3/gny-2023.zip", zipped: true },
  { path: "pc2v9/feeds/csus-f2019.eventfeed.json", zipped: false },
  { path: "pc2v9/feeds/mini.event.feed.json", zipped: false },
  { path: "pc2v9/feeds/ccs2.event.feed.json", zipped: false },
  { path: "pc2v9/feeds/nac22prac4.event-feed.part.conf.json", zipped: false },
];

function feedText(path: string, zipped: boolean): string {
  if (!zipped) return read(path);
  const [entry] = Object.values(unzipSync(bytes(path)));
  return new TextDecoder().decode(entry);
}

function seconds(time: unknown): number {
  if (typeof time === "number") return time;
  const match = /^(-?)(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(String(time));
  if (!match) return Number.NaN;
  const value = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] === "-" ? -value : value;
}

function referenceStandings(feed: string): ExpectedRow[] {
  let contest: Json = {};
  let state: Json = {};
  const objects: Record<string, Map<string, Json>> = {};
  const firstSeen = new Map<string, number>();
  feed.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    const event = JSON.parse(line) as { type: string; id?: unknown; op?: string; data: Json | null };
    const type = event.type === "contests" ? "contest" : event.type;
    if (type === "contest") contest = event.data ?? contest;
    else if (type === "state") state = event.data ?? {};
    else {
      const id = String(event.data?.id ?? event.id);
      objects[type] ??= new Map();
      if (event.op === "delete" || event.data === null) objects[type].delete(id);
      else objects[type].set(id, event.data);
      if (type === "judgements" && !firstSeen.has(id)) firstSeen.set(id, index);
    }
  });
  const map = (type: string) => objects[type] ?? new Map<string, Json>();
  const penalty =
    typeof contest.penalty_time === "number"
      ? contest.penalty_time
      : contest.penalty_time === undefined
        ? 20
        : Math.floor(seconds(contest.penalty_time) / 60);
  const duration = seconds(contest.duration);
  // Frozen until thawed; finalized results are final, and the importer shows them.
  const frozen = Boolean(state.frozen) && !state.thawed && !state.unfrozen && !state.finalized;
  const freezeAt = frozen ? duration - seconds(contest.scoreboard_freeze_duration) : Number.POSITIVE_INFINITY;
  const verdictOf = new Map<string, { at: number; type: string }>();
  for (const [id, judgement] of map("judgements")) {
    const at = firstSeen.get(id) ?? 0;
    const submission = String(judgement.submission_id);
    if (judgement.judgement_type_id && at >= (verdictOf.get(submission)?.at ?? -1)) {
      verdictOf.set(submission, { at, type: String(judgement.judgement_type_id) });
    }
  }
  const typeOf = (id: string) =>
    (map("judgement-types").get(id) as { solved?: boolean; penalty?: boolean } | undefined) ??
    { AC: { solved: true, penalty: false }, CE: { solved: false, penalty: false } }[id] ?? {
      solved: false,
      penalty: true,
    };
  const hiddenGroups = new Set([...map("groups")].filter(([, group]) => group.hidden === true).map(([id]) => id));
  const teams = [...map("teams")].filter(
    ([, team]) =>
      team.hidden !== true && !((team.group_ids as string[]) ?? []).some((group) => hiddenGroups.has(group)),
  );
  const problems = map("problems");
  const submissions = [...map("submissions").entries()]
    .map(([id, submission]) => ({
      id,
      team: String(submission.team_id),
      problem: String(submission.problem_id),
      at: seconds(submission.contest_time),
    }))
    .filter((submission) => submission.at >= 0 && submission.at < duration && problems.has(submission.problem))
    .sort((a, b) => a.at - b.at);
  const solveSeconds = new Map<string, number[]>();
  const rows = teams.map(([teamId, team]) => {
    const row = {
      name: String(team.display_name ?? "").trim() || String(team.name).trim(),
      solved: 0,
      penalty: 0,
      last: -1,
      cells: {} as ExpectedRow["cells"],
      seconds: {} as Record<string, number>,
    };
    for (const [problemId, problem] of problems) {
      let tries = 0;
      let solvedAt: number | null = null;
      for (const submission of submissions) {
        if (submission.team !== teamId || submission.problem !== problemId) continue;
        const verdict = verdictOf.get(submission.id)?.type;
        if (submission.at >= freezeAt || verdict === undefined || verdict === "JE") continue;
        const type = typeOf(verdict);
        if (type.solved) {
          tries++;
          solvedAt = submission.at;
          break;
        }
        if (type.penalty) tries++;
      }
      if (tries === 0) continue;
      const minutes = solvedAt === null ? null : Math.floor(solvedAt / 60);
      row.cells[String(problem.label)] = { solved: minutes !== null, attempts: tries, minutes, firstToSolve: false };
      if (solvedAt !== null && minutes !== null) {
        row.solved++;
        row.penalty += minutes + penalty * (tries - 1);
        row.last = Math.max(row.last, minutes);
        row.seconds[String(problem.label)] = solvedAt;
        solveSeconds.set(String(problem.label), [...(solveSeconds.get(String(problem.label)) ?? []), solvedAt]);
      }
    }
    return row;
  });
  for (const row of rows) {
    for (const [label, at] of Object.entries(row.seconds)) {
      const cell = row.cells[label];
      if (cell) cell.firstToSolve = at === Math.min(...(solveSeconds.get(label) ?? []));
    }
  }
  const key = (row: (typeof rows)[number]) => [-row.solved, row.penalty, row.solved === 0 ? Infinity : row.last];
  const better = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
    return false;
  };
  return rows.map((row) => ({
    name: row.name,
    rank: 1 + rows.filter((other) => better(other, row)).length,
    solved: row.solved,
    penalty: row.penalty,
    cells: row.cells,
  }));
}

describe("contests' event feeds (live-v3 archive, PC^2), computed by the ICPC rule", () => {
  it.each(FEED_FILES)("$path: every team's rank, solved, penalty and cells", ({ path, zipped }) => {
    const standings = zipped ? parseClicsPackage(bytes(path)) : parseClicsFiles({ eventFeed: read(path) });
    const rows = actualRows(standings);
    expect(asMultiset(rows)).toEqual(asMultiset(referenceStandings(feedText(path, zipped))));
    // In rank order, as a scoreboard lists them.
    expect(rows.map((row) => row.rank)).toEqual([...rows.map((row) => row.rank)].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });
});

// ---------------------------------------------------------------------------------------------
// Codeforces: an answer saved in a tool's source (one handle's row of a whole round).

describe("a Codeforces answer saved by CodeforcesContestHelper (contest 1474, one handle)", () => {
  const source = read("codeforces-contest-helper/client.js");
  const json = /JSON\.parse\('(.*)'\);/.exec(source)?.[1] ?? "";
  const answer = JSON.parse(json) as { result: { rows: Json[] } };

  it("keeps the row's rank and points, and marks no first solve: the row is 36th of the round", () => {
    const standings = parseCodeforcesStandings(json);
    const [row] = answer.result.rows as { rank: number; points: number; problemResults: Json[] }[];
    expect(standings.rows.map((each) => [each.name, each.rank, each.score])).toEqual([
      ["tiger2005", row?.rank, row?.points],
    ]);
    expect(
      Object.fromEntries(Object.entries(standings.rows[0]?.cells ?? {}).map(([label, cell]) => [label, cell.score])),
    ).toEqual(
      Object.fromEntries(
        (row?.problemResults ?? [])
          .map((result, index) => [String.fromCharCode(65 + index), result] as const)
          .filter(([, result]) => Number(result.points) > 0 || Number(result.rejectedAttemptCount) > 0)
          .map(([label, result]) => [label, Number(result.points)]),
      ),
    );
    expect(Object.values(standings.rows[0]?.cells ?? {}).some((cell) => cell.firstToSolve)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// vjudge: rank data (contest 156598, 2017) a club's tool kept in its source. It holds only the
// submissions, so the standings are worked out here by the ICPC rule: 20 minutes a rejection
// before the first accepted run, whole minutes, nothing after the contest's length counted.

describe("vjudge rank data saved by SCUT-ACM-Training-System (contest 156598, 17 participants)", () => {
  const source = read("scut-acm-training-system/api.php");
  const json = /\$_POST\['board_json'\]='(.*)';/.exec(source)?.[1] ?? "";
  const rank = JSON.parse(json) as {
    length: number;
    participants: Record<string, [string, string]>;
    submissions: [number, number, number, number][];
  };

  function reference(): ExpectedRow[] {
    const inTime = rank.submissions
      .filter(([, , , second]) => second * 1000 <= rank.length)
      .sort((a, b) => a[3] - b[3]);
    const firstSolve = new Map<number, number>();
    const cellsOf = new Map<string, Map<number, { attempts: number; second: number | null }>>();
    for (const [id, problem, accepted, second] of inTime) {
      const cells = cellsOf.get(String(id)) ?? new Map<number, { attempts: number; second: number | null }>();
      cellsOf.set(String(id), cells);
      const cell = cells.get(problem) ?? { attempts: 0, second: null };
      cells.set(problem, cell);
      if (cell.second !== null) continue;
      cell.attempts += 1;
      if (accepted === 1) {
        cell.second = second;
        firstSolve.set(problem, Math.min(firstSolve.get(problem) ?? second, second));
      }
    }
    const rows = [...cellsOf].map(([id, cells]) => {
      const [username, nickname] = rank.participants[id] ?? ["", ""];
      const solved = [...cells.values()].filter((cell) => cell.second !== null);
      return {
        name: nickname || username,
        solved: solved.length,
        penalty: solved.reduce((sum, cell) => sum + Math.floor((cell.second ?? 0) / 60) + 20 * (cell.attempts - 1), 0),
        cells: Object.fromEntries(
          [...cells].map(([problem, cell]) => [
            String.fromCharCode(65 + problem),
            {
              solved: cell.second !== null,
              attempts: cell.attempts,
              minutes: cell.second === null ? null : Math.floor(cell.second / 60),
              firstToSolve: cell.second !== null && cell.second === firstSolve.get(problem),
            },
          ]),
        ),
      };
    });
    // Keys in the order actualRows gives them, so the rows compare as the same JSON.
    return rows.map(({ name, solved, penalty, cells }) => ({
      name,
      rank:
        1 +
        rows.filter((other) => other.solved > solved || (other.solved === solved && other.penalty < penalty)).length,
      solved,
      penalty,
      cells: Object.fromEntries(Object.entries(cells).sort(([a], [b]) => a.localeCompare(b))),
    }));
  }

  it("every participant's rank, solved, penalty and cells; the 4 runs after the end left out", () => {
    const standings = parseVjudgeRank(json);
    const rows = actualRows(standings);
    expect(asMultiset(rows)).toEqual(asMultiset(reference()));
    expect(rows).toHaveLength(17);
    expect(standings.problems.map((problem) => problem.label)).toEqual("ABCDEFGHIJK".split(""));
    expect(rows.map((row) => row.rank)).toEqual([...rows.map((row) => row.rank)].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(englishWarnings(standings.warnings).map((warning) => warning.message)).toEqual([
      "Left out 4 submissions made after the contest ended",
    ]);
    expect(standings.contestName).toBe("大一组队前比赛最后一波");
  });
});

// ---------------------------------------------------------------------------------------------
// Refusals: only files really not fit for standings, each for its reason.

describe("real files refused, each for its reason", () => {
  it.each(FAKE_BOARD_ZIPS)("fake-board %s with its problems.json: one label for every problem", (name) => {
    const files = filesOfApiDump(`fake-board/History/${name}.zip`);
    const label = (JSON.parse(files.problems ?? "[]") as { label: string }[])[0]?.label;
    expect(englishRefusal(() => parseClicsFiles(files)).message).toBe(
      `problems.json: [1].label: label "${label}" is used twice`,
    );
  });

  it("a feed of problems alone (DOMjudge BAPC 2022 sample in PC^2's tests): no team in it", () => {
    expect(
      englishRefusal(() => parseClicsFiles({ eventFeed: read("pc2v9/feeds/event-feed.4probs.nljson") })).message,
    ).toBe("The file holds no team or participant: there are no standings to import.");
  });

  it("the first part of a feed cut before its problems (NAC 2022 practice 4)", () => {
    expect(englishRefusal(() => parseClicsPackage(bytes("live-v3/nac-2022-practice4-first-part.zip"))).message).toBe(
      "event-feed.ndjson: The event feed defines no problems: it is not a whole contest's feed",
    );
  });
});

describe("the corpus", () => {
  it("holds every file SOURCES.md lists, and SOURCES.md lists every file", () => {
    const listed = new Set([...read("SOURCES.md").matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]));
    const files = (readdirSync(REAL, { recursive: true }) as string[])
      .map((path) => path.replaceAll("\\", "/"))
      .filter((path) => /\.(tsv|json|zip|js|php|nljson)$/.test(path));
    expect([...listed].sort()).toEqual(files.sort());
  });
});
