import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { students } from "~/db/schema";
import { type RunningServer, startServer } from "../support/server";

/** The header names of a response as sent, repeats included (fetch joins repeats into one). */
function rawHeaders(url: string, cookie: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: cookie ? { Cookie: cookie } : {} }, (response) => {
      response.resume();
      resolve(response.rawHeaders.filter((_, index) => index % 2 === 0));
    });
    request.on("error", reject);
  });
}

/** These run the production build (`npm run build`) as `npm start` does. */
describe("production server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "info" });
  }, 90_000);
  afterAll(async () => {
    if (!server) return;
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("compresses pages and tags every response with a request id", async () => {
    const response = await fetch(`${server.baseUrl}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("serves fingerprinted assets as immutable", async () => {
    const html = await (await fetch(`${server.baseUrl}/login`)).text();
    const stylesheet = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(stylesheet).toBeDefined();
    const response = await fetch(`${server.baseUrl}${stylesheet}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
  });

  it("puts the stylesheet inline on pages without the React runtime, and links it elsewhere", async () => {
    const login = await (await fetch(`${server.baseUrl}/login`)).text();
    const href = login.match(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/)?.[1];
    const css = await (await fetch(`${server.baseUrl}${href}`)).text();
    expect(css.length).toBeGreaterThan(1000);
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    expect(home).not.toContain('rel="stylesheet"');
    expect(home.match(/<style>([\s\S]*?)<\/style>/)?.[1]).toBe(css);
  });

  it("serves the files of public/ precompressed, cached for an hour", async () => {
    const script = await fetch(`${server.baseUrl}/js/site.js`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(script.status).toBe(200);
    expect(script.headers.get("content-encoding")).toBe("br");
    expect(script.headers.get("cache-control")).toBe("public, max-age=3600");
    const icon = await fetch(`${server.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    expect((await fetch(`${server.baseUrl}/js/missing.js`)).status).toBe(404);
  });

  it("writes structured JSON request logs carrying the request id", async () => {
    const response = await fetch(`${server.baseUrl}/home`, { headers: { "X-Request-Id": "trace-me-123" } });
    expect(response.headers.get("x-request-id")).toBe("trace-me-123");
    const logLine = () =>
      server
        .output()
        .split("\n")
        .find((entry) => entry.includes("trace-me-123"));
    await expect.poll(logLine, { timeout: 10_000 }).toBeDefined();
    const line = logLine();
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      req: { id: "trace-me-123", url: "/home" },
      res: { statusCode: 200 },
    });
  });

  it("moves /notice-demo, a spec route without content, to the notice board for good", async () => {
    const response = await fetch(`${server.baseUrl}/notice-demo`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location")!, server.baseUrl).pathname).toBe("/notice");
  });

  it("answers a form post it can't read (another content type, a broken multipart body) with 400", async () => {
    const bodies = [
      { type: "text/plain", body: "hello" },
      { type: "multipart/form-data; boundary=xyz", body: "--xyz\r\nbroken" },
    ];
    for (const path of ["/login", "/register", "/notice-form", "/result-form"]) {
      for (const { type, body } of bodies) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: "POST",
          headers: { "Content-Type": type, Origin: server.baseUrl },
          body,
        });
        expect(response.status, `${path} ${type}`).toBe(400);
      }
    }
  });

  it("never sends Cache-Control twice", async () => {
    const claimed = "better-auth.session_token=not-a-session";
    for (const [path, cookie] of <[string, string][]>[
      ["/healthz", ""],
      ["/", ""],
      ["/api/students", ""],
      ["/api/students", claimed],
      ["/students", claimed],
      ["/login", ""],
      ["/no-such-page", ""],
    ]) {
      const headers = await rawHeaders(`${server.baseUrl}${path}`, cookie);
      const count = headers.filter((name) => name.toLowerCase() === "cache-control").length;
      expect(count, `${path} ${cookie}`).toBeLessThanOrEqual(1);
    }
  });

  it("refuses a second process on the same data directory with a clear message", async () => {
    await expect(startServer({ DATA_DIR: server.dataDir })).rejects.toThrow(
      /data directory is in use by another process/,
    );
  });
});

describe("restarts", () => {
  it("stop cleanly on SIGTERM, seed once and keep edits", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-restart-"));
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    const edited = await withDatabase(dataDir, async (db) => {
      const [student] = await db.select().from(students).limit(1);
      if (!student) throw new Error("the demo seed wrote no students");
      await db.update(students).set({ name: "Edited Name" }).where(eq(students.id, student.id));
      return { id: student.id, count: (await db.select().from(students)).length };
    });

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await second.stop("SIGINT")).toBe(0);
    await withDatabase(dataDir, async (db) => {
      const rows = await db.select().from(students);
      expect(rows).toHaveLength(edited.count);
      expect(rows.find((row) => row.id === edited.id)?.name).toBe("Edited Name");
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});

async function withDatabase<T>(
  dataDir: string,
  run: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
) {
  const handle = await openDatabase({ dataDir });
  try {
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

describe("npm start", () => {
  it("refuses before building when another server holds the data directory", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-start-"));
    // This test process stands in for a running server: a live pid in the lock file.
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    const root = path.resolve(import.meta.dirname, "../..");
    const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, BASE_URL: "http://localhost:3000", BUILD_DIR: "build-never-made" },
      encoding: "utf8",
      timeout: 60_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The data directory is in use by another process (pid ${process.pid})`);
    expect(fs.existsSync(path.join(root, "build-never-made"))).toBe(false);
  });
});

describe("a bad DATABASE_URL", () => {
  it("stops the server with one line naming DATABASE_URL and what failed", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const server = path.join(root, process.env.BUILD_DIR ?? "build", "server/main.js");
    for (const [url, reason] of [
      [
        "postgres://postgres:hunter2@127.0.0.1:5432/club_no_such_database",
        /database "club_no_such_database" does not exist/,
      ],
      ["postgres://postgres@127.0.0.1:1/test", /ECONNREFUSED/],
    ] as const) {
      const result = spawnSync(process.execPath, [server], {
        env: { ...process.env, DATABASE_URL: url, BASE_URL: "http://localhost:3000", PORT: "0", LOG_LEVEL: "warn" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(result.status, url).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines, url).toHaveLength(1);
      expect(lines[0], url).toMatch(/^DATABASE_URL: cannot connect to /);
      expect(lines[0], url).toMatch(reason);
      expect(result.stderr, url).not.toContain("hunter2");
    }
  });
});
