import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { verifyEmailAt } from "../../tests/support/email-verification";
import type { RunningServer } from "../../tests/support/server";
import { publicPaths } from "./http";
import { round } from "./load";
import { peakRssMb, rssMb as rssOf, treeRssMb } from "./memory";
import { renderSoakChart } from "./soak-chart";

/**
 * The soak: one production server driven for a while (30 minutes in `npm run bench --
 * --only=soak`) by a day's mixed work at fixed counts per minute (not as fast as it can: the
 * figure is memory, not speed), its memory sampled every 10 s. Used by the bench and, for 3
 * minutes, by tests/robustness/soak.test.ts.
 */

/** The corpus' World Finals CLICS package (WF47, 2023: its event feed, 2.6 MB zipped). */
const WORLD_FINALS = path.resolve(import.meta.dirname, "../../tests/fixtures/standings/real/live-v3/wf47-live.zip");
/** A phone's photo: 12 MP, 4032 x 3024. */
const PHOTO = { width: 4032, height: 3024 };
const CSV_IMPORT_ROWS = 200;
const PHOTO_URL = "https://example.org/photo.jpg";
/** Sent with every /healthz sample: the server adds its memory to the answer (MEMORY_REPORT_TOKEN). */
const MEMORY_REPORT_TOKEN = "soak-memory-report-token";

export const SOAK_ENV = { MEMORY_REPORT_TOKEN };

export interface SoakSample {
  /** Seconds since the workload started. */
  at: number;
  /** The server's and the job processes it runs at that moment, together. */
  rssMb: number;
  /** The server's own: what a leak would raise (a job process's memory ends with it). */
  serverMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  databaseWasmMb: number;
  /** The highest resident memory a job process of the server reached, so far. */
  jobProcessPeakRssMb: number;
}

export interface SoakTaskCount {
  task: string;
  perMinute: number;
  done: number;
  /** Answers with a 5xx status, or no answer at all. */
  failed: number;
  /** Answers other than the task expects (4xx), with the first one's status and text. */
  unexpected: number;
  firstUnexpected?: string;
}

export interface SoakResult {
  database: string;
  minutes: number;
  samples: SoakSample[];
  tasks: SoakTaskCount[];
  rssAfterStartMb: number;
  /**
   * The highest RSS sampled during the workload (the server's and its job processes'), the
   * kernel's high-water mark of the server (start included), and the highest a job process reached.
   */
  peakSampledRssMb: number;
  peakRssMb: number;
  jobProcessPeakRssMb: number;
  /** The highest few RSS peaks of the server and its job processes read every 100 ms, highest first. */
  peaks: SoakPeak[];
  /**
   * Least-squares slope of the server's own RSS over the last 10 minutes (the last third of a
   * shorter run), MB a minute. Not of the job processes': a sample that lands while a photo's
   * job runs reads 60-120 MB more for those seconds, which made a 3-minute run's last minute
   * (six samples) read as a rise of 59 MB a minute on CI while the server's own stayed level.
   */
  lastSlopeMbPerMinute: number;
  slopeWindowMinutes: number;
  chart: string;
}

interface SoakContext {
  baseUrl: string;
  adminCookie: string;
  publicPaths: string[];
  /** A phone's photo held level, and one held upright. */
  photos: Uint8Array[];
  worldFinals: Uint8Array;
  eventId: string;
  contestId?: string;
  counter: number;
}

type TaskAnswer = { status: number; text?: string };
interface Task {
  name: string;
  perMinute: number;
  run(context: SoakContext): Promise<TaskAnswer>;
  /** Visitors doing this at once (default 1), each at its share of the count. */
  parallel?: number;
  /** Statuses that count as the task's success (default 2xx and 3xx). */
  expects?: (status: number) => boolean;
}

const succeeded = (status: number) => status >= 200 && status < 400;

async function request(context: SoakContext, pathName: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("Origin", context.baseUrl);
  const response = await fetch(`${context.baseUrl}${pathName}`, { ...init, headers, redirect: "manual" });
  // Every body is read to its end, as a browser would (and so the server finishes its work).
  return { status: response.status, text: await response.text() };
}

const next = <T>(items: T[], context: SoakContext) => items[context.counter++ % items.length] as T;

const COLLECTION_BODIES: [add: string, item: string, body: Record<string, unknown>][] = [
  [
    "add-event",
    "event",
    {
      eventType: "Seminar",
      name: "Soak seminar",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: "About it",
    },
  ],
  [
    "add-notice",
    "notices",
    { name: "Soak notice", publishing_date: "2099-01-02", pdfFile: "https://example.org/f.pdf", description: "Text" },
  ],
  [
    "add-result",
    "results",
    { name: "Soak result", publishing_date: "2099-01-03", pdfFile: "https://example.org/f.pdf" },
  ],
  [
    "add-recent-event",
    "recent-events",
    {
      name: "Soak recent",
      img1: "https://example.org/1.png",
      details: "What",
      img2: "https://example.org/2.png",
      img3: "https://example.org/3.png",
    },
  ],
  ["add-student", "students", { name: "Soak student", email: "soak@example.org", photoURL: PHOTO_URL }],
  [
    "add-teacher",
    "teachers",
    {
      name: "Soak teacher",
      designation: "Lecturer",
      email: "t@example.org",
      photoURL: PHOTO_URL,
      joinDate: "2020-01-01",
    },
  ],
  [
    "add-executive",
    "executives",
    {
      name: "Soak executive",
      designation: "Treasurer",
      email: "e@example.org",
      photoURL: PHOTO_URL,
      panel: "2020-2021",
    },
  ],
];

const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/users",
  "/dashboard/audit",
  "/dashboard/review",
  "/dashboard/standings",
  "/dashboard/settings",
  "/dashboard/backup",
  "/dashboard/outbox",
  "/dashboard/all-events",
  "/dashboard/add-event",
  "/dashboard/all-notice",
  "/dashboard/add-notice",
  "/dashboard/all-executive",
  "/dashboard/recent-events",
  "/dashboard/students",
  "/dashboard/add-student",
  "/dashboard/teachers",
  "/dashboard/results",
  "/students",
  "/",
  "/notice",
  "/events",
];

const SEARCH_TERMS = ["contest", "student", "seminar", "ICPC", "notice", "batch 7", "প্রোগ্রামিং", "result"];
const FEEDS = ["/feeds/notices.xml", "/feeds/events.xml", "/feeds/results.xml", "/feeds/events.ics", "/sitemap.xml"];
const LOOKS = ["lang=en", "lang=bn", "lang=en; theme=dark", "lang=bn; theme=dark"];

function clicsForm(context: SoakContext, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("format", "clics");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(context.worldFinals)]), "wf47.zip");
  return form;
}

function studentsCsv(context: SoakContext): string {
  const run = context.counter++;
  const rows = Array.from(
    { length: CSV_IMPORT_ROWS },
    (_, n) =>
      `Imported ${run}-${n},imported-${run}-${n}@example.org,https://example.org/photo.jpg,${1 + (n % 12)},2020-2021`,
  );
  return ["name,email,photoURL,batch,session", ...rows].join("\n");
}

/** A day's work, by kind, in counts per minute. */
const TASKS: Task[] = [
  {
    name: "anonymous pages (every public page, 2 languages x 2 themes)",
    perMinute: 60,
    parallel: 4,
    run: (context) => {
      const page = context.publicPaths[context.counter % context.publicPaths.length] ?? "/";
      const look = LOOKS[Math.floor(context.counter++ / context.publicPaths.length) % LOOKS.length] ?? "";
      return request(context, page, { cookie: look, headers: { "Accept-Encoding": "br, gzip" } });
    },
  },
  {
    name: "public JSON reads",
    perMinute: 10,
    run: (context) =>
      request(context, next(["/api/students?limit=24", "/api/events", "/api/all-notice", "/api/results"], context)),
  },
  {
    name: "cache-busting (new query string each request)",
    perMinute: 20,
    run: (context) => request(context, `${next(context.publicPaths, context)}?utm=${Math.random()}`),
  },
  {
    name: "made-up paths (404)",
    perMinute: 10,
    run: (context) => request(context, `/wp-admin/${Math.random().toString(36).slice(2)}.php`),
    expects: (status) => status === 404,
  },
  {
    name: "search",
    perMinute: 10,
    run: (context) => request(context, `/search?q=${encodeURIComponent(next(SEARCH_TERMS, context))}`),
  },
  {
    name: "feeds, calendars, sitemap",
    perMinute: 6,
    run: (context) => request(context, next(FEEDS, context)),
  },
  {
    name: "sign-ins",
    perMinute: 4,
    run: async (context) => {
      const admin = await request(context, "/api/auth/get-session", { cookie: context.adminCookie });
      return admin.status === 200 ? await signInAgain(context) : admin;
    },
  },
  {
    name: "signed-in pages (dashboard, lists, edit forms)",
    perMinute: 20,
    parallel: 2,
    run: (context) => request(context, next(DASHBOARD_PAGES, context), { cookie: context.adminCookie }),
  },
  {
    name: "dashboard edits (add, change, delete; every collection in turn)",
    perMinute: 7,
    run: async (context) => {
      const [add, item, body] = next(COLLECTION_BODIES, context);
      const json = { "Content-Type": "application/json" };
      const added = await fetch(`${context.baseUrl}/api/${add}`, {
        method: "POST",
        headers: { ...json, Cookie: context.adminCookie, Origin: context.baseUrl },
        body: JSON.stringify(body),
      });
      if (added.status !== 201) return { status: added.status, text: await added.text() };
      const { insertedId } = (await added.json()) as { insertedId: string };
      const itemPath = `/api/${item}/${insertedId}`;
      const current = await request(context, itemPath, { cookie: context.adminCookie });
      const changed = { ...JSON.parse(current.text ?? "{}"), name: `${String(body.name)} (changed)` };
      const put = await request(context, itemPath, {
        method: "PUT",
        cookie: context.adminCookie,
        headers: json,
        body: JSON.stringify(changed),
      });
      if (put.status !== 200) return put;
      return request(context, itemPath, { method: "DELETE", cookie: context.adminCookie });
    },
  },
  {
    name: `CSV import of ${CSV_IMPORT_ROWS} students (preview, then import)`,
    perMinute: 0.5,
    run: async (context) => {
      const csv = studentsCsv(context);
      for (const intent of ["preview", "import"]) {
        const form = new FormData();
        form.set("csv", new Blob([csv], { type: "text/csv" }), "students.csv");
        form.set("intent", intent);
        const answer = await request(context, "/dashboard/students/import", {
          method: "POST",
          cookie: context.adminCookie,
          body: form,
        });
        if (answer.status !== 200) return answer;
      }
      return { status: 200 };
    },
  },
  {
    name: "standings: World Finals CLICS package to a preview",
    perMinute: 1,
    run: (context) =>
      request(context, "/api/standings/import?dryRun=1", {
        method: "POST",
        cookie: context.adminCookie,
        body: clicsForm(context),
      }),
  },
  {
    name: "standings: World Finals CLICS package published (replacing the last)",
    perMinute: 0.2,
    run: async (context) => {
      const fields: Record<string, string> = { held_on: "2023-11-16" };
      if (context.contestId) fields.replaces = context.contestId;
      const answer = await request(context, "/api/standings/import", {
        method: "POST",
        cookie: context.adminCookie,
        body: clicsForm(context, fields),
      });
      if (answer.status === 201)
        context.contestId = (JSON.parse(answer.text ?? "{}") as { contestId?: string }).contestId;
      return answer;
    },
  },
  {
    name: "image uploads (12 MP phone photos, level and upright, each a new one)",
    perMinute: 2,
    run: (context) => {
      const form = new FormData();
      const photo = anotherPhoto(context.photos[context.counter % 2] as Uint8Array, context.counter++);
      form.set("file", new Blob([photo], { type: "image/jpeg" }), `IMG_${2041 + context.counter}.jpg`);
      return request(context, "/api/uploads?accept=image", { method: "POST", cookie: context.adminCookie, body: form });
    },
  },
  {
    name: "registrations (a new account registers for an event)",
    perMinute: 2,
    run: (context) => registerNewAccount(context),
  },
  {
    name: "backup download",
    perMinute: 0.1,
    run: async (context) => {
      const response = await fetch(`${context.baseUrl}/dashboard/backup.tar`, {
        headers: { Cookie: context.adminCookie },
      });
      let bytes = 0;
      const reader = response.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
        bytes += read.value.byteLength;
      return { status: response.status, text: `${bytes} bytes` };
    },
  },
];

let adminAccount = { email: "", password: "" };

async function signInAgain(context: SoakContext): Promise<TaskAnswer> {
  const response = await fetch(`${context.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: context.baseUrl },
    body: JSON.stringify(adminAccount),
  });
  await response.text();
  return { status: response.status };
}

async function signUpVerified(baseUrl: string, email: string): Promise<string> {
  const password = "soak-password-1";
  const headers = { "Content-Type": "application/json", Origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Soak Visitor", email, password }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
  await verifyEmailAt(baseUrl, email);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function registerNewAccount(context: SoakContext): Promise<TaskAnswer> {
  const cookie = await signUpVerified(context.baseUrl, `soak-${Date.now()}-${context.counter++}@example.org`);
  return request(context, `/api/events/${context.eventId}/registrations`, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
}

/** An event open for registration for the whole soak, for its registrations. */
async function openEvent(baseUrl: string, adminCookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/add-event`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: adminCookie, Origin: baseUrl },
    body: JSON.stringify({
      eventType: "Programming Contest",
      name: "Soak contest",
      starts_at: "10:00",
      starts_on: "2099-03-05",
      problem_number: 10,
      contest_duration: "5 Hours",
      details: "Everyone may come.",
      registration_opens: "2020-01-01T00:00:00Z",
      registration_closes: "2099-03-04T00:00:00Z",
      capacity: 100_000,
      team_size_min: 1,
      team_size_max: 1,
    }),
  });
  if (response.status !== 201) throw new Error(`the soak's event: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/**
 * Photos as a phone takes them: 12 MP, smooth shades with fine grain (so they compress like one,
 * 2-4 MB), one held level and one held upright. A phone stores an upright photo on its side with
 * EXIF orientation 6, so the server turns it, and its 1280 px variants are 1707 px high: a
 * third more pixels to encode than the level one's (the job's peak, 90 MB of its own against 64).
 */
async function phonePhotos(): Promise<Uint8Array[]> {
  const { width, height } = PHOTO;
  const noise = (size: { width: number; height: number }, sigma: number) =>
    sharp({ create: { ...size, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } } })
      .png()
      .toBuffer();
  const small = await noise({ width: 64, height: 48 }, 60);
  const grain = await noise({ width, height }, 12);
  const photo = (orientation: number) =>
    sharp(small)
      .resize(width, height, { kernel: "cubic" })
      .composite([{ input: grain, blend: "soft-light" }])
      .jpeg({ quality: 88 })
      .withMetadata({ orientation })
      .toBuffer();
  return [new Uint8Array(await photo(1)), new Uint8Array(await photo(6))];
}

/**
 * The photo with a comment of its own after its start marker: other bytes, so the server
 * decodes it as a new upload (the same bytes again reuse the first upload's files).
 */
function anotherPhoto(photo: Uint8Array, run: number): Uint8Array<ArrayBuffer> {
  const comment = new TextEncoder().encode(`soak photo ${run}`);
  const length = comment.length + 2;
  const copy = new Uint8Array(photo.length + 4 + comment.length);
  copy.set(photo.subarray(0, 2));
  copy.set([0xff, 0xfe, length >> 8, length & 0xff], 2);
  copy.set(comment, 6);
  copy.set(photo.subarray(2), 6 + comment.length);
  return copy;
}

async function readMemory(server: RunningServer, startedAt: number): Promise<SoakSample> {
  const response = await fetch(`${server.baseUrl}/healthz`, { headers: { "X-Memory-Report": MEMORY_REPORT_TOKEN } });
  const body = (await response.json()) as { memory?: Omit<SoakSample, "at" | "rssMb" | "serverMb"> };
  const memory = body.memory ?? {
    heapUsedMb: 0,
    externalMb: 0,
    arrayBuffersMb: 0,
    databaseWasmMb: 0,
    jobProcessPeakRssMb: 0,
  };
  return {
    at: Math.round((performance.now() - startedAt) / 1000),
    rssMb: treeRssMb(Number(server.process.pid)),
    serverMb: rssOf(Number(server.process.pid)),
    heapUsedMb: memory.heapUsedMb,
    externalMb: memory.externalMb,
    arrayBuffersMb: memory.arrayBuffersMb,
    databaseWasmMb: memory.databaseWasmMb,
    jobProcessPeakRssMb: memory.jobProcessPeakRssMb,
  };
}

/** Least-squares slope of the server's own RSS over the samples, in MB a minute. */
export function slopeMbPerMinute(samples: SoakSample[]): number {
  if (samples.length < 2) return 0;
  const xs = samples.map((sample) => sample.at / 60);
  const ys = samples.map((sample) => sample.serverMb);
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = ys.reduce((a, b) => a + b, 0) / ys.length;
  let numerator = 0;
  let denominator = 0;
  for (const [index, x] of xs.entries()) {
    numerator += (x - meanX) * ((ys[index] ?? 0) - meanY);
    denominator += (x - meanX) ** 2;
  }
  return denominator ? round(numerator / denominator) : 0;
}

/** The tasks waiting for an answer at this moment: what a peak of memory came during. */
const inFlight = new Map<string, number>();

/** A moment of high memory, and what the server was doing then: the tasks waiting for an answer. */
export interface SoakPeak {
  /** The server's and its job processes' together. */
  rssMb: number;
  /** The server's own. */
  serverMb: number;
  /** Seconds since the workload started. */
  at: number;
  during: string[];
}

const PEAKS_KEPT = 5;
/** Readings this close in time are one peak. */
const PEAK_SECONDS = 5;

/**
 * Reads the RSS of the server and its job processes every 100 ms (the 10-s samples miss a peak
 * that lasts a second) and keeps the highest few peaks, each with the tasks in flight then.
 */
function watchPeaks(pid: number, startedAt: number) {
  const peaks: SoakPeak[] = [];
  const timer = setInterval(() => {
    const reading: SoakPeak = {
      rssMb: treeRssMb(pid),
      serverMb: rssOf(pid),
      at: Math.round((performance.now() - startedAt) / 1000),
      during: [...inFlight].filter(([, count]) => count > 0).map(([task]) => task),
    };
    const same = peaks.findIndex((peak) => Math.abs(peak.at - reading.at) < PEAK_SECONDS);
    if (same >= 0 && (peaks[same]?.rssMb ?? 0) >= reading.rssMb) return;
    if (same >= 0) peaks.splice(same, 1);
    peaks.push(reading);
    peaks.sort((a, b) => b.rssMb - a.rssMb);
    peaks.length = Math.min(peaks.length, PEAKS_KEPT);
  }, 100);
  return { peaks, stop: () => clearInterval(timer) };
}

/** Runs each task at its count per minute, one at a time per task, until `until`. */
async function runTask(task: Task, context: SoakContext, until: number, count: SoakTaskCount) {
  const visitors = task.parallel ?? 1;
  await Promise.all(
    Array.from({ length: visitors }, () =>
      runVisitor(task, context, until, count, (60_000 * visitors) / task.perMinute),
    ),
  );
}

async function runVisitor(task: Task, context: SoakContext, until: number, count: SoakTaskCount, interval: number) {
  // Tasks start spread over their first interval, not all at once.
  let due = performance.now() + Math.random() * Math.min(interval, 20_000);
  while (due < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    due += interval;
    inFlight.set(task.name, (inFlight.get(task.name) ?? 0) + 1);
    try {
      const answer = await task.run(context);
      count.done++;
      if (answer.status >= 500) count.failed++;
      else if (!(task.expects ?? succeeded)(answer.status)) {
        count.unexpected++;
        count.firstUnexpected ??= `${answer.status} ${answer.text ?? ""}`.slice(0, 200);
      }
    } catch (error) {
      count.done++;
      count.failed++;
      count.firstUnexpected ??= String(error).slice(0, 200);
    } finally {
      inFlight.set(task.name, (inFlight.get(task.name) ?? 1) - 1);
    }
    // A task running late skips what it missed instead of catching up in a burst.
    due = Math.max(due, performance.now());
  }
}

export interface SoakOptions {
  minutes: number;
  database: string;
  admin: { email: string; password: string };
  /** Where the chart goes (an SVG file). */
  chartFile: string;
  /** RSS the chart draws as its goal. */
  goalMb: number;
  sampleSeconds?: number;
  log?: (line: string) => void;
}

/** Drives a started server (with SOAK_ENV) for `minutes`, sampling its memory. */
export async function runSoak(server: RunningServer, options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const pid = Number(server.process.pid);
  adminAccount = options.admin;
  const adminCookie = await signInCookie(server.baseUrl, options.admin);
  const context: SoakContext = {
    baseUrl: server.baseUrl,
    adminCookie,
    publicPaths: await publicPaths(server.baseUrl),
    photos: await phonePhotos(),
    worldFinals: new Uint8Array(fs.readFileSync(WORLD_FINALS)),
    eventId: await openEvent(server.baseUrl, adminCookie),
    counter: 0,
  };
  const startedAt = performance.now();
  const rssAfterStartMb = (await readMemory(server, startedAt)).rssMb;
  const watcher = watchPeaks(pid, startedAt);
  const until = startedAt + options.minutes * 60_000;
  const samples: SoakSample[] = [];
  const sampleEvery = (options.sampleSeconds ?? 10) * 1000;
  const sampler = (async () => {
    for (let due = startedAt; due <= until; due += sampleEvery) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const sample = await readMemory(server, startedAt);
      samples.push(sample);
      if (sample.at % 60 < sampleEvery / 1000)
        log(`soak ${options.database} ${Math.round(sample.at / 60)} min: ${JSON.stringify(sample)}`);
    }
  })();
  const counts = TASKS.map((task) => ({
    task: task.name,
    perMinute: task.perMinute,
    done: 0,
    failed: 0,
    unexpected: 0,
  }));
  await Promise.all(TASKS.map((task, index) => runTask(task, context, until, counts[index] as SoakTaskCount)));
  await sampler;
  watcher.stop();
  const windowMinutes = Math.min(10, options.minutes / 3);
  const lastWindow = samples.filter((sample) => sample.at >= (options.minutes - windowMinutes) * 60);
  const chart = renderSoakChart(samples, { title: `Soak on ${options.database}`, goalMb: options.goalMb });
  fs.mkdirSync(path.dirname(options.chartFile), { recursive: true });
  fs.writeFileSync(options.chartFile, chart);
  return {
    database: options.database,
    minutes: options.minutes,
    samples,
    tasks: counts,
    rssAfterStartMb,
    peakSampledRssMb: Math.max(...samples.map((sample) => sample.rssMb)),
    peakRssMb: peakRssMb(pid),
    jobProcessPeakRssMb: Math.max(...samples.map((sample) => sample.jobProcessPeakRssMb)),
    peaks: watcher.peaks,
    lastSlopeMbPerMinute: slopeMbPerMinute(lastWindow),
    slopeWindowMinutes: round(windowMinutes, 1),
    chart: options.chartFile,
  };
}

async function signInCookie(baseUrl: string, account: { email: string; password: string }) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`admin sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** The samples a minute apart, for printing. */
export function soakTable(result: SoakResult) {
  return result.samples
    .filter((sample, index) => index === 0 || sample.at % 120 < 10 || index === result.samples.length - 1)
    .map((sample) => ({
      minute: round(sample.at / 60, 1),
      "RSS MB": sample.rssMb,
      "server's own MB": sample.serverMb,
      "V8 heap MB": sample.heapUsedMb,
      "external MB": sample.externalMb,
      "PGlite wasm MB": sample.databaseWasmMb,
      "job process peak MB": sample.jobProcessPeakRssMb,
    }));
}

/**
 * Each kind of work alone, three times in a row, with the server's memory before and after:
 * what each one leaves behind (`npm run bench -- --only=soak-probe`).
 */
export async function probeSoakTasks(server: RunningServer, admin: { email: string; password: string }) {
  adminAccount = admin;
  const adminCookie = await signInCookie(server.baseUrl, admin);
  const context: SoakContext = {
    baseUrl: server.baseUrl,
    adminCookie,
    publicPaths: await publicPaths(server.baseUrl),
    photos: await phonePhotos(),
    worldFinals: new Uint8Array(fs.readFileSync(WORLD_FINALS)),
    eventId: await openEvent(server.baseUrl, adminCookie),
    counter: 0,
  };
  const startedAt = performance.now();
  const rows = [];
  for (const task of TASKS) {
    const before = await readMemory(server, startedAt);
    const peakBefore = peakRssMb(Number(server.process.pid));
    const statuses = [];
    for (let run = 0; run < 3; run++) statuses.push((await task.run(context)).status);
    const after = await readMemory(server, startedAt);
    rows.push({
      task: task.name.slice(0, 48),
      statuses: statuses.join(" "),
      "RSS MB": `${before.rssMb} → ${after.rssMb}`,
      "peak MB": `${peakBefore} → ${peakRssMb(Number(server.process.pid))}`,
      "heap MB": `${before.heapUsedMb} → ${after.heapUsedMb}`,
      "PGlite wasm MB": `${before.databaseWasmMb} → ${after.databaseWasmMb}`,
      "job process peak MB": after.jobProcessPeakRssMb,
    });
  }
  return rows;
}
