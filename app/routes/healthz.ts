import type { Route } from "./+types/healthz";

/** Answers 200 while the database answers, 503 when it does not (so a load balancer can route around). */
export async function loader({ context }: Route.LoaderArgs) {
  const started = performance.now();
  try {
    await Promise.race([
      context.database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2_000)),
    ]);
    const latencyMs = Math.round(performance.now() - started);
    return Response.json(
      { status: "ok", database: { kind: context.database.kind, status: "ok", latencyMs } },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch {
    return Response.json(
      { status: "error", database: { kind: context.database.kind, status: "unavailable" } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
