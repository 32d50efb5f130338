import { timingSafeEqual } from "node:crypto";
import { readContentVersion } from "~/core/content-version.server";
import { type AppContext, appContext } from "~/core/context";
import { jobProcessMemory } from "~/lib/job-process.server";
import type { Route } from "./+types/healthz";

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const MEGABYTE = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MEGABYTE) * 10) / 10;

/** Whether the request carries the configured memory-report token (none configured: never). */
function asksForMemory(request: Request, app: AppContext): boolean {
  const expected = app.config.MEMORY_REPORT_TOKEN;
  const given = request.headers.get("x-memory-report");
  if (!expected || !given) return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the process holds, in MB: for measuring memory from outside (the bench's soak). */
function memoryReport(app: AppContext) {
  const usage = process.memoryUsage();
  return {
    rssMb: megabytes(usage.rss),
    heapUsedMb: megabytes(usage.heapUsed),
    heapTotalMb: megabytes(usage.heapTotal),
    externalMb: megabytes(usage.external),
    arrayBuffersMb: megabytes(usage.arrayBuffers),
    databaseWasmMb: megabytes(app.database.memoryBytes()),
    // Jobs run in processes of their own (an uploaded image's decoding): the highest one's own peak.
    jobProcessPeakRssMb: jobProcessMemory().highestPeakRssMb,
  };
}

/** Answers 200 while the database answers, 503 when it does not (so a load balancer can route around). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { database } = app;
  const started = performance.now();
  const headers = { "Cache-Control": "no-store" };
  const memory = asksForMemory(request, app) ? memoryReport(app) : undefined;
  try {
    // Reading the content version doubles as the ping; robustness tests use it to see writes.
    const contentVersion = await withTimeout(readContentVersion(app.db), PING_TIMEOUT_MS);
    const latencyMs = Math.round(performance.now() - started);
    return Response.json(
      {
        status: "ok",
        contentVersion,
        database: { kind: database.kind, status: "ok", latencyMs },
        ...(memory && { memory }),
      },
      { headers },
    );
  } catch {
    return Response.json(
      { status: "error", database: { kind: database.kind, status: "unavailable" } },
      { status: 503, headers },
    );
  }
}
