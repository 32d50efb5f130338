import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppContext, appContext } from "~/context";
import { loader } from "~/routes/healthz";

/** A database whose only query (the content version) answers or fails as `execute` says. */
function contextWith(execute: () => Promise<unknown>) {
  const context = new RouterContextProvider();
  context.set(appContext, { db: { execute }, database: { kind: "postgres" } } as unknown as AppContext);
  return context;
}

async function callHealthz(execute: () => Promise<unknown>) {
  const args = { context: contextWith(execute), request: new Request("http://x/healthz"), params: {} };
  return (await loader(args as unknown as Parameters<typeof loader>[0])) as Response;
}

describe("/healthz", () => {
  it("answers 200 with the database status when the database answers", async () => {
    const response = await callHealthz(async () => ({ rows: [{ version: "42" }] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      contentVersion: "42",
      database: { status: "ok", kind: "postgres" },
    });
  });

  it("answers 503 when the database does not", async () => {
    const response = await callHealthz(() => Promise.reject(new Error("connection refused")));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: { status: "unavailable" } });
  });
});
