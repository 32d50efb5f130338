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

/** A package of only an event feed of 50 MB: judgements of one team, over and over. */
function eventFeedPackage(): Uint8Array {
  const line = `${JSON.stringify({ type: "judgements", id: "j", data: { id: "j1", submission_id: "s1", judgement_type_id: "WA", start_contest_time: "0:10:00.000" } })}\n`;
  const feed = line.repeat(Math.ceil(FEED_BYTES / line.length));
  return zipSync({ "event-feed.ndjson": strToU8(feed) }, { level: 6 });
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
