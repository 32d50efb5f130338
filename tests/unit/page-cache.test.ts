import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../server/page-cache";

/** A stand-in for the app: counts renders so a test can tell a cache hit from a render. */
function createTestApp() {
  let version = 1;
  let renders = 0;
  let invalidations = 0;
  const cache = pageCache({
    contentVersion: {
      current: async () => String(version),
      peek: () => String(version),
      invalidate: () => {
        invalidations++;
      },
    },
    isSignedIn: (cookie) => (cookie ?? "").includes("better-auth.session_token="),
    fixedHeaders: { "X-Fixed": "yes" },
  });
  const app = express();
  app.use(compression());
  app.use(cache.middleware);
  app.get("/page", (req, res) => {
    renders++;
    // Own files carry the nonce too; it is harmless on them, so this page stays cacheable.
    const assets = `<link nonce="abc" rel="stylesheet" href="/a.css"><script nonce="abc" src="/a.js"></script>`;
    res.type("html").send(`<html><head>${assets}</head><body>render ${renders} ${req.query.q ?? ""}</body></html>`);
  });
  app.get("/with-script", (_req, res) => {
    renders++;
    res.type("html").send(`<script nonce="abc">1</script>`);
  });
  app.get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").send("nope");
  });
  app.post("/page", (_req, res) => {
    res.json({ ok: true });
  });
  return {
    listener: (req: IncomingMessage, res: ServerResponse) => {
      if (!cache.serveFromMemory(req, res)) app(req, res);
    },
    renders: () => renders,
    invalidations: () => invalidations,
    bumpVersion: () => {
      version++;
    },
  };
}

describe("page cache", () => {
  const testApp = createTestApp();
  let baseUrl = "";
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer(testApp.listener).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    // Entries are compressed and stored right after the response; give that a moment.
    const body = await response.text();
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { response, body };
  };

  it("renders once per URL and content version, then serves from memory with an ETag", async () => {
    const first = await get("/page?q=a");
    const second = await get("/page?q=a");
    expect(first.response.headers.get("x-page-cache")).toBe("MISS");
    expect(second.response.headers.get("x-page-cache")).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.response.headers.get("etag")).toMatch(/^".+"$/);
    expect(second.response.headers.get("cache-control")).toContain("s-maxage");
    // A hit is answered before Express, with the headers every response carries.
    expect(second.response.headers.get("x-fixed")).toBe("yes");

    const otherQuery = await get("/page?q=b");
    expect(otherQuery.body).toContain(" b<");
    expect(otherQuery.response.headers.get("x-page-cache")).toBe("MISS");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const { response } = await get("/page?q=etag");
    const etag = (await get("/page?q=etag")).response.headers.get("etag") ?? "";
    expect(response.status).toBe(200);
    const revalidated = await fetch(`${baseUrl}/page?q=etag`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
  });

  it("serves brotli, gzip or identity as the client accepts", async () => {
    await get("/page?q=enc");
    for (const [accept, expected] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await fetch(`${baseUrl}/page?q=enc`, { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("content-encoding")).toBe(expected);
      expect(await response.text()).toContain("render");
    }
  });

  it("renders again after the content version changes", async () => {
    const before = (await get("/page?q=v")).body;
    expect((await get("/page?q=v")).body).toBe(before);
    testApp.bumpVersion();
    const after = await get("/page?q=v");
    expect(after.response.headers.get("x-page-cache")).toBe("MISS");
    expect(after.body).not.toBe(before);
  });

  it("never caches for signed-in visitors, pages with inline scripts, or errors", async () => {
    for (const [path, headers] of [
      ["/page?q=signed-in", { cookie: "better-auth.session_token=x" }],
      ["/with-script", {}],
      ["/missing", {}],
    ] as const) {
      const rendersBefore = testApp.renders();
      await get(path, headers);
      const again = await get(path, headers);
      expect(testApp.renders() - rendersBefore, path).toBe(2);
      expect(again.response.headers.get("x-page-cache"), path).not.toBe("HIT");
    }
    const signedIn = await get("/page?q=signed-in", { cookie: "better-auth.session_token=x" });
    expect(signedIn.response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("re-reads the content version after a write in this process", async () => {
    const before = testApp.invalidations();
    await fetch(`${baseUrl}/page`, { method: "POST" });
    expect(testApp.invalidations()).toBeGreaterThan(before);
  });
});
