import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { liveContestInput } from "~/features/live-contests/live-contests";
import { createLiveContest } from "~/features/live-contests/live-contests.server";
import { readRecordedFeed, type StandInJudge, startStandInJudge } from "../../tests/support/clics-judge";
import type { RunningServer } from "../../tests/support/server";
import { httpRequest, warmPageCache } from "./http";
import { round } from "./load";
import { peakRssMb } from "./memory";
import type { BenchTarget } from "./target";

/**
 * Live viewers: the EUC 2025 event feed (tests/fixtures/standings/real, recorded by ICPC Live)
 * released by a stand-in judge at 10 events a second while viewers follow
 * `/results/{slug}/live/events`: first one viewer, then 500 at once with a small load on `/results`
 * (the delays read on every tenth of them, see `measuredEvery`).
 * An event's update delay runs from the moment the stand-in judge writes it to the server's feed
 * connection to the moment a viewer reads a board whose version counts it: the follower's read,
 * the store, the check interval, the board and the stream all included.
 * The measured stretch is the freeze: no first solve is shown then, so no balloon event of the
 * server's own moves the version's count away from the judge's.
 */
export const LIVE_BENCH = {
  viewers: 500,
  eventsPerSecond: 10,
  singleViewerEvents: 80,
  crowdEvents: 190,
  /**
   * Every tenth viewer (50) inflates its stream and reads the versions; the others read their
   * bytes and drop them. 500 viewers inflating 240 kB boards twice a second in the bench's own
   * process (on the server's two cores) measured the bench: a browser inflates its own.
   */
  measuredEvery: 10,
};
const FEED = path.resolve(import.meta.dirname, "../../tests/fixtures/standings/real/live-v3/euc-2025.zip");
const SLUG = "bench-live";
const HOME_PER_SECOND = 20;
/** The public page loaded beside the viewers: the results page, which links the live one. */
export const OTHER_PAGE = "/results";

export interface LiveDelay {
  viewers: number;
  /** The viewers whose delays are counted (all of them, or every tenth of a crowd). */
  measuredViewers?: number;
  events: number;
  /** Update delays measured (one per event and viewer). */
  samples: number;
  /** Events a viewer never got an update for before the end of the run. */
  missed: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface LiveViewersRow {
  single: LiveDelay;
  crowd: LiveDelay;
  /** SSE connections answered other than 200, and ones that failed or closed early. */
  streamErrors: number;
  stream5xx: number;
  peakRssMb: number;
  homeAlone: HomeLoad;
  homeBesideViewers: HomeLoad;
}

/** One viewer's stream: each board's event count (from its version) and when it arrived. */
interface Viewer {
  seen: { count: number; at: number }[];
  status: number;
  failed: boolean;
  close(): void;
}

const VERSION_KEY = Buffer.from('"version":"');

/**
 * A viewer as a browser is one: it takes gzip (the server compresses each board once for all)
 * and inflates what it gets. Only the version is read from each board: its markup is long and
 * the bench shares the machine with the server.
 */
function openViewer(url: string, onReady: () => void, measured: boolean): Viewer {
  const viewer: Viewer = { seen: [], status: 0, failed: false, close: () => request.destroy() };
  let tail = Buffer.alloc(0);
  const request = http.get(
    url,
    { agent: false, headers: { Accept: "text/event-stream", "Accept-Encoding": "gzip" } },
    (res) => {
      viewer.status = res.statusCode ?? 0;
      onReady();
      if (!measured) {
        res.resume();
        res.on("error", () => {
          viewer.failed = true;
        });
        return;
      }
      const body = res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
      body.on("data", (chunk: Buffer) => {
        const at = performance.now();
        const bytes = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
        let from = 0;
        for (;;) {
          const key = bytes.indexOf(VERSION_KEY, from);
          const end = key === -1 ? -1 : bytes.indexOf(0x22, key + VERSION_KEY.length);
          if (end === -1) {
            // What could be the start of a version cut by the chunk's end, never one already read.
            tail = Buffer.from(bytes.subarray(Math.max(from, bytes.length - 120)));
            break;
          }
          const version = bytes.toString("latin1", key + VERSION_KEY.length, end);
          viewer.seen.push({ count: Number(version.split(".")[1]), at });
          from = end + 1;
        }
      });
      body.on("error", () => {
        viewer.failed = true;
      });
    },
  );
  request.on("error", () => {
    viewer.failed = true;
    onReady();
  });
  return viewer;
}

/** `count` viewers; every `measuredEvery`th of them reads its boards' versions. */
async function openViewers(url: string, count: number, measuredEvery = 1): Promise<Viewer[]> {
  let ready = 0;
  const viewers: Viewer[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < count; i++)
      viewers.push(openViewer(url, () => ++ready === count && resolve(), (i + 1) % measuredEvery === 0));
  });
  return viewers;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

/** Releases `count` events after `from`, `eventsPerSecond` of them a second; the time each was written. */
async function releaseAtPace(judge: StandInJudge, from: number, count: number): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 1; i <= count; i++) {
    const due = start + (i * 1000) / LIVE_BENCH.eventsPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    times.push(performance.now());
    judge.release(from + i);
  }
  return times;
}

/** Each viewer's delay for each event: from its release to the first board counting it. */
function delays(viewers: Viewer[], baseCount: number, released: number[]): LiveDelay {
  const samples: number[] = [];
  let missed = 0;
  for (const viewer of viewers) {
    let next = 0;
    for (let i = 0; i < released.length; i++) {
      const wanted = baseCount + i + 1;
      while (next < viewer.seen.length && (viewer.seen[next]?.count ?? 0) < wanted) next++;
      const seen = viewer.seen[next];
      if (!seen) {
        missed++;
        continue;
      }
      samples.push(seen.at - (released[i] ?? 0));
    }
  }
  samples.sort((a, b) => a - b);
  return {
    viewers: viewers.length,
    events: released.length,
    samples: samples.length,
    missed,
    p50Ms: round(percentile(samples, 0.5), 0),
    p95Ms: round(percentile(samples, 0.95), 0),
    maxMs: round(samples.at(-1) ?? 0, 0),
  };
}

/** Waits until every viewer has seen a board counting `count` events (the follower caught up). */
async function settled(viewers: Viewer[], count: number, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!viewers.every((viewer) => (viewer.seen.at(-1)?.count ?? 0) >= count)) {
    if (performance.now() > deadline) throw new Error(`the live board never reached ${count} events`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function measureLiveViewers(target: BenchTarget, env: Record<string, string>): Promise<LiveViewersRow> {
  const lines = readRecordedFeed(FEED, fs);
  const frozenAt = lines.findIndex((line) => line.includes('"type":"state"') && line.includes('"frozen"'));
  const judge = await startStandInJudge({ lines, contestId: "euc2025", user: "bench", password: "bench-pass-1" });
  const secret = "b".repeat(64);
  await target.withDatabase((db) =>
    createLiveContest(
      db,
      secret,
      liveContestInput.parse({
        name: "EUC 2025 (bench)",
        slug: SLUG,
        source: "clics-feed",
        judgeApi: judge.apiUrl,
        judgeContestId: "euc2025",
        user: "bench",
        password: "bench-pass-1",
      }),
    ),
  );
  // Up to the freeze before anyone watches: the teams, the problems and four hours of contest.
  judge.release(frozenAt + 1);
  const server = await target.start({ ...env, BETTER_AUTH_SECRET: secret });
  const streamUrl = `${server.baseUrl}/results/${SLUG}/live/events`;
  try {
    const [first] = await openViewers(streamUrl, 1);
    if (!first) throw new Error("no viewer");
    await waitForFirstBoard(first);
    // The follower stored the first stretch (and any first solve it announced) when the count
    // has reached it and stops moving for two seconds.
    await settled([first], frozenAt + 1);
    const base = await steadyCount(first);
    const single = await measureStretch(judge, [first], base, frozenAt + 1, LIVE_BENCH.singleViewerEvents);
    const homeAlone = await homeLoad(server);
    const crowd = await openViewers(streamUrl, LIVE_BENCH.viewers - 1, LIVE_BENCH.measuredEvery);
    const viewers = [first, ...crowd];
    const measured = [first, ...crowd.filter((_, i) => (i + 1) % LIVE_BENCH.measuredEvery === 0)];
    const from = frozenAt + 1 + LIVE_BENCH.singleViewerEvents;
    await settled(measured, base + LIVE_BENCH.singleViewerEvents);
    const [crowdDelay, homeBesideViewers] = await Promise.all([
      measureStretch(judge, measured, base + LIVE_BENCH.singleViewerEvents, from, LIVE_BENCH.crowdEvents),
      homeLoad(server),
    ]);
    const rss = peakRssMb(Number(server.process.pid));
    for (const viewer of viewers) viewer.close();
    return {
      single,
      crowd: { ...crowdDelay, viewers: viewers.length, measuredViewers: measured.length },
      streamErrors: viewers.filter((viewer) => viewer.failed || viewer.status !== 200).length,
      stream5xx: viewers.filter((viewer) => viewer.status >= 500).length,
      peakRssMb: rss,
      homeAlone,
      homeBesideViewers,
    };
  } finally {
    await server.stop();
    await judge.stop();
  }
}

async function waitForFirstBoard(viewer: Viewer) {
  const deadline = performance.now() + 120_000;
  while (viewer.seen.length === 0) {
    if (viewer.failed || performance.now() > deadline) throw new Error(`no live board (status ${viewer.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function steadyCount(viewer: Viewer): Promise<number> {
  let count = viewer.seen.at(-1)?.count ?? 0;
  let since = performance.now();
  while (performance.now() - since < 2_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = viewer.seen.at(-1)?.count ?? 0;
    if (now !== count) {
      count = now;
      since = performance.now();
    }
  }
  return count;
}

async function measureStretch(judge: StandInJudge, viewers: Viewer[], base: number, from: number, count: number) {
  const released = await releaseAtPace(judge, from, count);
  try {
    await settled(viewers, base + count, 15_000);
  } catch {
    // Counted as missed below.
  }
  return delays(viewers, base, released);
}

export interface HomeLoad {
  requests: number;
  /** Answered by the page cache (`X-Page-Cache: HIT`). */
  cacheHits: number;
  non2xx: number;
  p50Ms: number;
  p99Ms: number;
}

/** A small steady load on another public page (20 requests a second), for as long as a stretch lasts. */
async function homeLoad(server: RunningServer): Promise<HomeLoad> {
  const url = `${server.baseUrl}${OTHER_PAGE}`;
  await warmPageCache(url);
  const count = Math.ceil((LIVE_BENCH.crowdEvents / LIVE_BENCH.eventsPerSecond) * HOME_PER_SECOND);
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const wait = start + (i * 1000) / HOME_PER_SECOND - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      const response = await httpRequest(url).catch(() => null);
      return {
        ms: performance.now() - sent,
        status: response?.status ?? 0,
        hit: response?.headers["x-page-cache"] === "HIT",
      };
    }),
  );
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    requests: answers.length,
    cacheHits: answers.filter((answer) => answer.hit).length,
    non2xx: answers.filter((answer) => answer.status < 200 || answer.status >= 300).length,
    p50Ms: round(percentile(times, 0.5), 1),
    p99Ms: round(percentile(times, 0.99), 1),
  };
}
