import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppContext, appContext } from "~/core/context";
import { loader } from "~/routes/healthz";

/** A database whose only query (the content version) answers or fails as `execute` says. */
function contextWith(execute: () => Promise<unknown>, memoryReportToken?: string) {
  const context = new RouterContextProvider();
  const database = { kind: "pglite", memoryBytes: () => 24 * 1024 * 1024 };
  const config = { MEMORY_REPORT_TOKEN: memoryReportToken };
  context.set(appContext, { db: { execute }, database, config } as unknown as AppContext);
  return context;
}

async function callHealthz(execute: () => Promise<unknown>, { token, sent }: { token?: string; sent?: string } = {}) {
  const headers: Record<string, string> = sent ? { "X-Memory-Report": sent } : {};
  const request = new Request("http://x/healthz", { headers });
  const args = { context: contextWith(execute, token), request, params: {} };
  return (await loader(args as unknown as Parameters<typeof loader>[0])) as Response;
}

describe("/healthz", () => {
  it("answers 200 with the database status when the database answers", async () => {
    const response = await callHealthz(async () => ({ rows: [{ version: "42" }] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      contentVersion: "42",
      database: { status: "ok", kind: "pglite" },
    });
  });

  const answers = async () => ({ rows: [{ version: "42" }] });
  const TOKEN = "soak-token-0123456789";

  it("adds the process's memory only for the configured token", async () => {
    const reported = (await (await callHealthz(answers, { token: TOKEN, sent: TOKEN })).json()) as {
      memory: Record<string, number>;
    };
    expect(reported.memory.databaseWasmMb).toBe(24);
    expect(reported.memory.rssMb).toBeGreaterThan(0);
    expect(reported.memory).toHaveProperty("heapUsedMb");
    expect(reported.memory).toHaveProperty("externalMb");
  });

  it("tells anonymous visitors nothing about memory: no token configured, none sent, or a wrong one", async () => {
    for (const call of [{ sent: TOKEN }, { token: TOKEN }, { token: TOKEN, sent: "soak-token-wrong-0000" }]) {
      expect(await (await callHealthz(answers, call)).json()).not.toHaveProperty("memory");
    }
  });

  it("answers 503 when the database does not", async () => {
    const response = await callHealthz(() => Promise.reject(new Error("connection refused")));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: { status: "unavailable" } });
  });
});
