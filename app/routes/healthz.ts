import { appContext } from "~/context";
import { readContentVersion } from "~/domain/content-version.server";
import type { Route } from "./+types/healthz";

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Answers 200 while the database answers, 503 when it does not (so a load balancer can route around). */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { database } = app;
  const started = performance.now();
  const headers = { "Cache-Control": "no-store" };
  try {
    // Reading the content version doubles as the ping; robustness tests use it to see writes.
    const contentVersion = await withTimeout(readContentVersion(app.db), PING_TIMEOUT_MS);
    const latencyMs = Math.round(performance.now() - started);
    return Response.json(
      { status: "ok", contentVersion, database: { kind: database.kind, status: "ok", latencyMs } },
      { headers },
    );
  } catch {
    return Response.json(
      { status: "error", database: { kind: database.kind, status: "unavailable" } },
      { status: 503, headers },
    );
  }
}
