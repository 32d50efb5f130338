import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";

/**
 * Paths the site has no page for: each renders the same 404 page, so the page cache renders it
 * once (per language and theme, per content version) and answers every made-up path from it.
 * `X-Page-Cache: MISS` is a render. Against the production build.
 */
const ADMIN = { name: "Paths Admin", email: "paths-admin@example.org", password: "admin-password-1" };

let server: RunningServer;
let adminCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "false", ADMIN_EMAILS: ADMIN.email, AUTH_RATE_LIMIT_MAX: "1000" });
  adminCookie = await signUp(ADMIN);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function fetchPage(path: string, cookie?: string) {
  const response = await call(path, { cookie });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    etag: response.headers.get("etag"),
    body: await response.text(),
  };
}

const made = (name: string) => `/${name}-${Math.random().toString(36).slice(2)}`;

describe("made-up paths", () => {
  it("render the 404 page once: a second, different path is a hit with the same page", async () => {
    const first = await fetchPage(made("first"));
    expect(first).toMatchObject({ status: 404, cache: "MISS" });
    expect(first.body).toContain("Page not found");
    const second = await fetchPage(`${made("second")}/deeper/still?utm_source=x`);
    expect(second).toMatchObject({ status: 404, cache: "HIT", etag: first.etag });
    expect(second.body).toBe(first.body);
    const head = await call(made("third"), { method: "HEAD" });
    expect([head.status, head.headers.get("x-page-cache")]).toEqual([404, "HIT"]);
  });

  it("keep one page per language", async () => {
    const bangla = await fetchPage(made("bn-first"), "lang=bn");
    expect(bangla).toMatchObject({ status: 404, cache: "MISS" });
    expect(bangla.body).toContain('<html lang="bn"');
    expect(await fetchPage(made("bn-second"), "lang=bn")).toMatchObject({ status: 404, cache: "HIT" });
  });

  it("render again once the site changes", async () => {
    await fetchPage(made("before"));
    expect((await fetchPage(made("before"))).cache).toBe("HIT");
    const saved = await call("/api/settings", {
      method: "PUT",
      body: { clubName: "Renamed Club" },
      cookie: adminCookie,
    });
    expect(saved.status).toBe(200);
    const after = await fetchPage(made("after"));
    expect(after).toMatchObject({ status: 404, cache: "MISS" });
    expect(after.body).toContain("Renamed Club");
  });

  it("leave the site's pages, its files and missing uploads as they were", async () => {
    expect((await fetchPage("/about")).status).toBe(200);
    const icon = await call("/favicon.svg");
    expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    const upload = await call("/media/0123456789abcdef01234567-10x10.png");
    expect(upload.status).toBe(404);
    expect(upload.headers.get("x-page-cache")).toBeNull();
    expect((await call("/api/made-up")).status).toBe(404);
  });
});
