import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pageCache } from "../../server/page-cache";
import { waitFor } from "../support/wait-for";

const LIVE = "live-token";
const ENDED = "ended-token";

/** A stand-in for the app: counts renders so a test can tell a cache hit from a render. */
function createTestApp(options: { maxBytes?: number; plainCopyBytes?: number; ttlMs?: number } = {}) {
  let version = 1;
  let renders = 0;
  let writesBegun = 0;
  let writesEnded = 0;
  let budgetLeft = Number.POSITIVE_INFINITY;
  // `/slow/*` pages wait until the test opens the gate, so that visitors can pile up on one render.
  let arrivedAtSlow = 0;
  let openGate: () => void = () => {};
  let gate = Promise.resolve();
  const cache = pageCache({
    maxBytes: options.maxBytes,
    plainCopyBytes: options.plainCopyBytes,
    ttlMs: options.ttlMs,
    contentVersion: {
      current: async () => String(version),
      peek: () => String(version),
      beginWrite: () => {
        writesBegun++;
        return () => {
          writesEnded++;
        };
      },
      settings: async () => "0",
      invalidateSettings: () => {},
    },
    // "signed:" stands for a cookie whose signature holds; anything else is made up.
    sessionToken: (cookie) => /session_token=signed:(\S+)/.exec(cookie ?? "")?.[1],
    isLiveSession: async (cookie) => /session_token=signed:(\S+)/.exec(cookie)?.[1] === LIVE,
    queryParamsOf: (path): Record<string, RegExp> =>
      path === "/page" || path === "/missing" ? { q: /^[\w-]{1,3000}$/ } : {},
    countRender: () => ({ limited: budgetLeft-- <= 0, retryAfterSeconds: 7 }),
    fixedHeaders: { "X-Fixed": "yes" },
  });
  const app = express();
  app.use(compression());
  app.use((req, _res, next) => {
    if (req.path.startsWith("/slow/")) arrivedAtSlow++;
    next();
  });
  app.use(cache.middleware);
  app.get("/slow/:kind", async (req, res) => {
    renders++;
    await gate;
    // An inline script makes the page one that can't be kept.
    const body = req.params.kind === "cacheable" ? `slow render ${renders}` : `<script>${renders}</script>`;
    res.type("html").send(body);
  });
  app.get("/page", (req, res) => {
    renders++;
    // Own files carry the nonce too; it is harmless on them, so this page stays cacheable.
    const assets = `<link nonce="abc" rel="stylesheet" href="/a.css"><script nonce="abc" src="/a.js"></script>`;
    res
      .type("html")
      .send(`<html><head>${assets}</head><body>render ${renders} ${req.query.q ?? ""}|${req.url}</body></html>`);
  });
  // Written in two parts around the gate: a body past a small cache's bound.
  app.get("/big", async (_req, res) => {
    renders++;
    res.type("text/plain");
    res.write("x".repeat(20_000));
    await gate;
    res.end("end");
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
    writesBegun: () => writesBegun,
    writesEnded: () => writesEnded,
    settled: () => cache.settled(),
    heldBytes: () => cache.heldBytes(),
    bumpVersion: () => {
      version++;
    },
    setRenderBudget: (renders: number) => {
      budgetLeft = renders;
    },
    arrivedAtSlow: () => arrivedAtSlow,
    closeGate: () => {
      gate = new Promise((resolve) => {
        openGate = resolve;
      });
    },
    openGate: () => openGate(),
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
    const body = await response.text();
    // Entries are compressed and stored right after the response.
    await testApp.settled();
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
    expect(otherQuery.body).toContain(" b|");
    expect(otherQuery.response.headers.get("x-page-cache")).toBe("MISS");
  });

  it("sends a miss with the caching headers and the ETag its hits have", async () => {
    const miss = await get("/page?q=first");
    const hit = await get("/page?q=first");
    expect(miss.response.headers.get("x-page-cache")).toBe("MISS");
    expect(hit.response.headers.get("x-page-cache")).toBe("HIT");
    for (const header of ["cache-control", "etag", "vary"]) {
      expect(miss.response.headers.get(header), header).toBe(hit.response.headers.get(header));
    }
    expect(miss.response.headers.get("etag")).toMatch(/^".+"$/);
    const revalidated = await fetch(`${baseUrl}/page?q=first`, {
      headers: { "If-None-Match": miss.response.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
    // A page that can't be kept goes out as its handler wrote it.
    const script = await get("/with-script");
    expect(script.response.headers.get("cache-control")).toBeNull();
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

  it("inflates a kept page once for the clients that take no compression, and serves them that copy", async () => {
    await get("/page?q=plain");
    const inflate = vi.spyOn(zlib, "gunzipSync");
    try {
      const bodies = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const response = await fetch(`${baseUrl}/page?q=plain`, { headers: { "Accept-Encoding": "identity" } });
          expect(response.headers.get("content-encoding")).toBeNull();
          return response.text();
        }),
      );
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]).toContain(" plain|");
      expect(inflate).toHaveBeenCalledTimes(1);
    } finally {
      inflate.mockRestore();
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

  it("never caches for signed-in visitors, API tokens or pages with inline scripts", async () => {
    for (const [path, headers] of [
      ["/page?q=signed-in", { cookie: `better-auth.session_token=signed:${LIVE}` }],
      // An API token answers for one person, like a session.
      ["/page?q=bearer", { authorization: "Bearer club_x" }],
      ["/with-script", {}],
    ] as const) {
      const rendersBefore = testApp.renders();
      await get(path, headers);
      const again = await get(path, headers);
      expect(testApp.renders() - rendersBefore, path).toBe(2);
      expect(again.response.headers.get("x-page-cache"), path).not.toBe("HIT");
    }
    const signedIn = await get("/page?q=signed-in", { cookie: `better-auth.session_token=signed:${LIVE}` });
    expect(signedIn.response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("treats a made-up session cookie, or one of an ended session, as an anonymous visitor", async () => {
    await get("/page?q=cookies");
    const rendersBefore = testApp.renders();
    for (const cookie of [
      "better-auth.session_token=anything",
      `better-auth.session_token=signed:${ENDED}`,
      "__Secure-better-auth.session_token=x.y",
    ]) {
      const { response } = await get("/page?q=cookies", { cookie });
      expect(response.headers.get("x-page-cache"), cookie).toBe("HIT");
    }
    expect(testApp.renders()).toBe(rendersBefore);
  });

  it("keys on the query parameters the page reads, and renders without the others", async () => {
    const first = await get("/page?q=keyed&utm_source=x");
    expect(first.body).toContain("|/page?q=keyed<");
    const rendersBefore = testApp.renders();
    for (const path of ["/page?q=keyed", "/page?utm=1&q=keyed&q=other", "/page?q=keyed&x=123&y"]) {
      expect((await get(path)).response.headers.get("x-page-cache"), path).toBe("HIT");
    }
    // A value the page does not take is left out as well.
    expect((await get("/page?q=not%20a%20word")).body).toContain("|/page<");
    expect(testApp.renders() - rendersBefore).toBe(1);
  });

  it("keeps 404 pages too, answered with their status", async () => {
    const first = await get("/missing?q=gone");
    const second = await get("/missing?q=gone&junk=1");
    expect([first.response.status, second.response.status]).toEqual([404, 404]);
    expect(second.response.headers.get("x-page-cache")).toBe("HIT");
    const etag = second.response.headers.get("etag") ?? "";
    expect((await fetch(`${baseUrl}/missing?q=gone`, { headers: { "If-None-Match": etag } })).status).toBe(404);
  });

  it("renders a page once for a crowd asking at the same time, and each of them gets it", async () => {
    const crowd = async (path: string) => {
      testApp.closeGate();
      const rendersBefore = testApp.renders();
      const arrivedBefore = testApp.arrivedAtSlow();
      const answers = Array.from({ length: 8 }, () => fetch(`${baseUrl}${path}`).then((r) => r.text()));
      await expect.poll(() => testApp.arrivedAtSlow() - arrivedBefore).toBe(8);
      testApp.openGate();
      const bodies = await Promise.all(answers);
      await testApp.settled();
      return { bodies, renders: testApp.renders() - rendersBefore };
    };

    const cacheable = await crowd("/slow/cacheable");
    expect(cacheable.renders).toBe(1);
    expect(new Set(cacheable.bodies)).toEqual(new Set([cacheable.bodies[0]]));
    expect(cacheable.bodies[0]).toMatch(/^slow render \d+$/);

    // A page that may not be kept: those who waited render it themselves.
    const uncacheable = await crowd("/slow/script");
    expect(uncacheable.renders).toBe(8);
    expect(uncacheable.bodies.every((body) => body.startsWith("<script>"))).toBe(true);
  });

  it("keeps a GET's page, never a HEAD's empty answer", async () => {
    const head = await fetch(`${baseUrl}/page?q=head`, { method: "HEAD" });
    expect(head.status).toBe(200);
    await testApp.settled();
    const first = await get("/page?q=head");
    expect(first.response.headers.get("x-page-cache")).toBe("MISS");
    expect(first.body).toContain("render");
    const second = await get("/page?q=head");
    expect(second.response.headers.get("x-page-cache")).toBe("HIT");
    expect(second.body).toBe(first.body);
  });

  it("tells the content version of a write in this process, when it begins and when it has answered", async () => {
    const [begun, ended] = [testApp.writesBegun(), testApp.writesEnded()];
    await fetch(`${baseUrl}/page`, { method: "POST" });
    expect(testApp.writesBegun()).toBe(begun + 1);
    await waitFor(() => testApp.writesEnded() === ended + 1, "the write's end");
  });
});

describe("page cache limits", () => {
  async function serve(app: ReturnType<typeof createTestApp>) {
    const server = http.createServer(app.listener).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("counts each key's bytes in its memory bound", async () => {
    const app = createTestApp({ maxBytes: 4_000 });
    const { server, baseUrl } = await serve(app);
    const longPath = (letter: string) => `/page?q=${letter.repeat(2_000)}`;
    const status = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      await response.text();
      await app.settled();
      return response.headers.get("x-page-cache");
    };
    await status(longPath("a"));
    expect(await status(longPath("a"))).toBe("HIT");
    await status(longPath("b"));
    expect(await status(longPath("b"))).toBe("HIT");
    // An entry is its page, compressed (the letters are tiny: a few hundred bytes), and its
    // ~2,000-byte key: two pages fit in the bound, two pages with their keys do not.
    expect(await status(longPath("a"))).toBe("MISS");
    server.close();
  });

  it("keeps plain copies within their bound: a page larger than it is inflated for each such client", async () => {
    const app = createTestApp({ plainCopyBytes: 50 });
    const { server, baseUrl } = await serve(app);
    await (await fetch(`${baseUrl}/page?q=large`)).text();
    await app.settled();
    const inflate = vi.spyOn(zlib, "gunzipSync");
    try {
      for (let request = 0; request < 3; request++) {
        const response = await fetch(`${baseUrl}/page?q=large`, { headers: { "Accept-Encoding": "identity" } });
        expect(await response.text()).toContain(" large|");
      }
      expect(inflate).toHaveBeenCalledTimes(3);
    } finally {
      inflate.mockRestore();
      server.close();
    }
  });

  it("lets go of an entry once it has lived its time, without waiting for another visitor", async () => {
    const app = createTestApp({ ttlMs: 200 });
    const { server, baseUrl } = await serve(app);
    await (await fetch(`${baseUrl}/page?q=kept`)).text();
    await app.settled();
    expect(app.heldBytes()).toBeGreaterThan(0);
    // Nobody asks again: the bytes go all the same (a sweep of every page in every language
    // and theme must not stay in memory for as long as nothing else comes along to evict it).
    await expect.poll(() => app.heldBytes(), { timeout: 10_000 }).toBe(0);
    server.close();
  });

  it("streams a body past its bound as written, and keeps none of it", async () => {
    const app = createTestApp({ maxBytes: 10_000 });
    const { server, baseUrl } = await serve(app);
    app.closeGate();
    // The headers and the first part arrive while the handler still waits to write the rest.
    const response = await fetch(`${baseUrl}/big`);
    expect(response.headers.get("x-page-cache")).toBe("MISS");
    expect(response.headers.get("etag")).toBeNull();
    app.openGate();
    expect((await response.text()).length).toBe(20_003);
    await app.settled();
    expect((await fetch(`${baseUrl}/big`)).headers.get("x-page-cache")).toBe("MISS");
    server.close();
  });

  it("answers 429 once a client used up its renders, while hits still come from memory", async () => {
    const app = createTestApp();
    const { server, baseUrl } = await serve(app);
    const call = (path: string, cookie?: string) => fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
    await (await call("/page?q=one")).text();
    await app.settled();
    expect((await call("/page?q=one")).headers.get("x-page-cache")).toBe("HIT");
    app.setRenderBudget(1);
    expect((await call("/page?q=two")).status).toBe(200);
    const limited = await call("/page?q=three");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(await limited.text()).toMatch(/^Too many requests/);
    const limitedJson = await call("/api/list");
    expect([limitedJson.status, await limitedJson.json()]).toEqual([
      429,
      { message: expect.stringMatching(/^Too many/) },
    ]);
    expect((await call("/page?q=four", `better-auth.session_token=signed:${LIVE}`)).status).toBe(429);
    expect((await call("/page?q=one")).status).toBe(200);
    server.close();
  });
});
