/**
 * The practice bench's own process (scripts/bench/practice.ts starts it with the server's Node
 * flags): opens the embedded database in DATA_DIR (or DATABASE_URL) as the server does, times
 * `/practice`'s board without a cache on the stored submissions, then starts the judges' data
 * over and syncs every handle against CODEFORCES_API_URL without the pace. Prints one JSON
 * line: the board's p50 per period, the sync's calls and time, this process's memory before
 * the sync and its highest reading during it (every 100 ms).
 */
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "~/db/client.server";
import { practiceBoard } from "~/features/practice/leaderboard.server";
import { PRACTICE_PERIODS } from "~/features/practice/practice";
import { syncCodeforces } from "~/features/practice/sync.server";
import { createLogger } from "~/lib/logger.server";
import { round } from "./load";
import { peakWhile } from "./memory";

const BOARD_RUNS = 40;
const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);

async function boardP50Ms(db: Database) {
  const p50: Record<string, number> = {};
  for (const period of PRACTICE_PERIODS) {
    const times: number[] = [];
    for (let run = 0; run < BOARD_RUNS + 3; run += 1) {
      const started = performance.now();
      await practiceBoard(db, { period, batch: null });
      if (run >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    p50[period] = round(times[Math.floor(times.length / 2)] ?? 0, 1);
  }
  return p50;
}

/** Sync runs one after another until one finds nothing due (a run stops at its time budget, as the scheduled ones do). */
async function syncAll(db: Database) {
  let calls = 0;
  for (;;) {
    const report = await syncCodeforces({
      db,
      log: createLogger("warn"),
      codeforcesApiUrl: process.env.CODEFORCES_API_URL ?? "",
      atcoderUrl: "",
      atcoderProblemsApiUrl: "",
      codeforcesSpacingMs: 0,
      atcoderSpacingMs: 0,
    });
    calls += report.calls;
    if (report.stopped) throw new Error(`the sync stopped: ${report.stopped}`);
    if (report.accountsRead === 0) return calls;
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { url } : { dataDir: process.env.DATA_DIR ?? "" });
  try {
    const board = await boardP50Ms(handle.db);
    // The sync starts over: every handle unread.
    await handle.db.execute(sql`delete from judge_solves`);
    await handle.db.execute(sql`delete from judge_accounts`);
    // The server this database served may have called the real judges (none answer here) and
    // left them resting: the stand-in judge is called at once.
    await handle.db.execute(sql`update judge_pace set failures = 0, backoff_until = null, next_slot_at = now()`);
    globalThis.gc?.();
    const started = performance.now();
    const { result: calls, before: rssBeforeMb, peak } = await peakWhile(rssMb, () => syncAll(handle.db), 100);
    const wallMs = Math.round(performance.now() - started);
    console.log(JSON.stringify({ boardP50Ms: board, calls, wallMs, rssBeforeMb, peakRssMb: peak }));
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
