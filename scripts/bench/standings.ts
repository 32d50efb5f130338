import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { peakRssMb } from "./memory";

/**
 * Standings imports (decision 016, "Bounded imports"): the World Finals' CLICS package to a
 * preview (`?dryRun=1`), timed; and a 50 MB event feed, with the server's peak RSS after it.
 */

/** The corpus' World Finals package (WF47, 2023: its event feed); a package of the same size when it is missing. */
const WORLD_FINALS = path.resolve(import.meta.dirname, "../../tests/fixtures/standings/real/live-v3/wf47-live.zip");
const RUNS = 3;
const FEED_BYTES = 50 * 1024 * 1024;

export interface StandingsImportRow {
  worldFinals: { source: string; status: number; rows: number; medianMs: number };
  eventFeed50Mb: { status: number; message: string; peakRssMbBefore: number; peakRssMbAfter: number };
}

/** 130 teams, 12 problems: the World Finals' size, every team trying every problem. */
function syntheticWorldFinals(): Uint8Array {
  const json = (value: unknown) => strToU8(JSON.stringify(value));
  const problems = Array.from({ length: 12 }, (_, index) => ({
    id: `p${index}`,
    label: String.fromCharCode(65 + index),
    name: `Problem ${index}`,
    ordinal: index,
  }));
  const teams = Array.from({ length: 130 }, (_, index) => ({ id: `t${index}`, name: `Team ${index}` }));
  const rows = teams.map((team, index) => {
    const solved = 12 - Math.floor(index / 11);
    return {
      rank: index + 1,
      team_id: team.id,
      score: { num_solved: solved, total_time: 100 * solved + index },
      problems: problems.map((problem, number) => ({
        problem_id: problem.id,
        num_judged: 2,
        num_pending: 0,
        solved: number < solved,
        ...(number < solved ? { time: 10 + number } : {}),
      })),
    };
  });
  return zipSync({
    "contest.json": json({ id: "wf", name: "World Finals (synthetic)" }),
    "problems.json": json(problems),
    "teams.json": json(teams),
    "scoreboard.json": json({ rows }),
  });
}

/**
 * A package of only an event feed of 50 MB, shaped as a World Finals' is: 130 teams, 12
 * problems, 10,000 submissions and their judgements, and the runs of every test case (the bulk).
 */
export function eventFeedPackage(bytes = FEED_BYTES): Uint8Array {
  const lines: string[] = [];
  const event = (type: string, data: Record<string, unknown>) => lines.push(JSON.stringify({ type, data }));
  event("contest", { id: "wf", name: "World Finals (synthetic feed)", duration: "5:00:00", penalty_time: 20 });
  event("judgement-types", { id: "AC", name: "correct", solved: true, penalty: false });
  event("judgement-types", { id: "WA", name: "wrong answer", solved: false, penalty: true });
  for (let problem = 0; problem < 12; problem++) {
    event("problems", {
      id: `p${problem}`,
      label: String.fromCharCode(65 + problem),
      name: `P${problem}`,
      ordinal: problem,
    });
  }
  for (let team = 0; team < 130; team++) event("teams", { id: `t${team}`, name: `Team ${team}` });
  for (let submission = 0; submission < 10_000; submission++) {
    const minutes = Math.floor((submission / 10_000) * 290);
    const time = `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:00.000`;
    event("submissions", {
      id: `s${submission}`,
      team_id: `t${submission % 130}`,
      problem_id: `p${Math.floor(submission / 130) % 12}`,
      contest_time: time,
    });
    event("judgements", {
      id: `j${submission}`,
      submission_id: `s${submission}`,
      judgement_type_id: submission % 3 ? "WA" : "AC",
    });
  }
  let size = lines.reduce((sum, line) => sum + line.length + 1, 0);
  for (let run = 0; size < bytes; run++) {
    const line = JSON.stringify({
      type: "runs",
      data: {
        id: `r${run}`,
        judgement_id: `j${run % 10_000}`,
        ordinal: run % 50,
        judgement_type_id: "AC",
        time: "1:00:00.000",
      },
    });
    lines.push(line);
    size += line.length + 1;
  }
  return zipSync({ "event-feed.ndjson": strToU8(`${lines.join("\n")}\n`) }, { level: 6 });
}

async function importDryRun(baseUrl: string, adminCookie: string, zip: Uint8Array, name: string) {
  const form = new FormData();
  form.set("format", "clics");
  form.set("file", new Blob([new Uint8Array(zip)]), name);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/standings/import?dryRun=1`, {
    method: "POST",
    body: form,
    headers: { Cookie: adminCookie, Origin: baseUrl },
  });
  const body = (await response.json()) as { message?: string; preview?: { rows: unknown[] } };
  return { status: response.status, ms: Math.round(performance.now() - started), body };
}

export async function measureStandingsImports(
  server: { baseUrl: string; process: { pid?: number } },
  adminCookie: string,
): Promise<StandingsImportRow> {
  const real = fs.existsSync(WORLD_FINALS);
  const worldFinals = real ? new Uint8Array(fs.readFileSync(WORLD_FINALS)) : syntheticWorldFinals();
  const runs = [];
  for (let run = 0; run < RUNS; run++)
    runs.push(await importDryRun(server.baseUrl, adminCookie, worldFinals, "wf.zip"));
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const last = runs.at(-1);
  const pid = Number(server.process.pid);
  const peakRssMbBefore = peakRssMb(pid);
  const feed = await importDryRun(server.baseUrl, adminCookie, eventFeedPackage(), "feed.zip");
  return {
    worldFinals: {
      source: real ? path.basename(WORLD_FINALS) : "synthetic 130 teams x 12 problems",
      status: last?.status ?? 0,
      rows: last?.body.preview?.rows.length ?? 0,
      medianMs: times[Math.floor(times.length / 2)] ?? 0,
    },
    eventFeed50Mb: {
      status: feed.status,
      message: feed.body.message ?? `${feed.body.preview?.rows.length ?? 0} rows`,
      peakRssMbBefore,
      peakRssMbAfter: peakRssMb(pid),
    },
  };
}
