import { describe, expect, it } from "vitest";
import type { AppContext } from "~/context";
import { loader } from "~/routes/healthz";

function contextWith(ping: () => Promise<void>) {
  return { database: { kind: "postgres", ping } } as unknown as AppContext;
}

async function callHealthz(ping: () => Promise<void>) {
  const args = { context: contextWith(ping), request: new Request("http://x/healthz"), params: {} };
  return (await loader(args as unknown as Parameters<typeof loader>[0])) as Response;
}

describe("/healthz", () => {
  it("answers 200 with the database status when the database answers", async () => {
    const response = await callHealthz(async () => {});
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok", kind: "postgres" } });
  });

  it("answers 503 when the database does not", async () => {
    const response = await callHealthz(() => Promise.reject(new Error("connection refused")));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: { status: "unavailable" } });
  });
});
