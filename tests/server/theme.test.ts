import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

/** The theme switch's form target, against the production build (`npm run build`). */
describe("POST /theme", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 90_000);
  afterAll(async () => {
    if (!server) return;
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** What a browser without JavaScript sends from one of the site's pages. */
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseUrl,
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });

  const page = async (path: string, cookie?: string) =>
    (await fetch(`${server.baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? "";

  it("remembers light or dark for a year and goes back to the page it came from", async () => {
    for (const theme of ["light", "dark"]) {
      const response = await post({ theme, redirectTo: "/students?batch=2" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/students?batch=2");
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^theme=${theme};`));
      expect(cookie).toContain("Path=/");
      expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("HttpOnly");
    }
  });

  it("'system' removes the cookie: the device decides again", async () => {
    const response = await post({ theme: "system", redirectTo: "/about" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/about");
    expect(response.headers.get("set-cookie")).toMatch(/^theme=;.*Max-Age=0/);
  });

  it("refuses a value that is no theme, naming the field, and sets nothing", async () => {
    const refused: Record<string, string>[] = [
      { theme: "purple" },
      { theme: "" },
      {},
      { theme: "dark; Domain=evil.example" },
    ];
    for (const fields of refused) {
      const response = await post({ ...fields, redirectTo: "/about" });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toMatch(/^theme: /);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("sends the visitor only to a path on this site", async () => {
    const targets: Record<string, string> = {
      "https://evil.example/page": "/",
      "//evil.example": "/",
      "/\\evil.example": "/",
      "/.//evil.example": "/",
      "javascript:alert(1)": "/",
      "": "/",
      "/notice/annual-general-meeting-2026#details": "/notice/annual-general-meeting-2026#details",
    };
    for (const [redirectTo, expected] of Object.entries(targets)) {
      const response = await post({ theme: "dark", redirectTo });
      expect(response.status, redirectTo).toBe(303);
      expect(response.headers.get("location"), redirectTo).toBe(expected);
    }
    expect((await post({ theme: "dark" })).headers.get("location")).toBe("/");
  });

  it("refuses a post from another site", async () => {
    const foreign: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
    ];
    for (const headers of foreign) {
      const response = await post({ theme: "dark", redirectTo: "/" }, headers);
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("has nothing to show to a GET", async () => {
    const response = await fetch(`${server.baseUrl}/theme`, { redirect: "manual" });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/");
  });

  it("the server renders the chosen theme, and the page cache keeps each theme apart", async () => {
    // Twice each, so the second answer of each comes from the page cache.
    for (let round = 0; round < 2; round++) {
      expect(htmlTag(await page("/about", "theme=dark"))).toContain('data-theme="dark"');
      expect(htmlTag(await page("/about", "theme=light"))).toContain('data-theme="light"');
      expect(htmlTag(await page("/about"))).not.toContain("data-theme");
      expect(htmlTag(await page("/about", "theme=purple"))).not.toContain("data-theme");
    }
  });
});
