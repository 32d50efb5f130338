import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOURCE_CHANGED_EVENT } from "~/lib/dev-reload";
import { freePort } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm run dev`: the app from source through Vite, with the production server's Express stack. */
describe("the dev server", () => {
  let child: ChildProcess;
  let baseUrl = "";
  let output = "";
  // Inside the project, like the default ./data: the dev server must not take its writes for source edits.
  fs.mkdirSync(path.join(ROOT, ".test-cache"), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(ROOT, ".test-cache", "dev-data-"));

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/dev.ts"], {
      cwd: ROOT,
      // BASE_URL is set explicitly: Vitest puts Vite's BASE_URL ("/") into process.env.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        if (output.includes("ready at")) resolve();
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
      child.once("exit", (code) =>
        reject(new Error(`the dev server exited (${code}) before it was ready:\n${output}`)),
      );
    });
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("renders a page without React with the script that reloads it when a source file changes", async () => {
    const response = await fetch(`${baseUrl}/about`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("/@vite/client");
    expect(html).toContain(SOURCE_CHANGED_EVENT);
    // HMR talks over a WebSocket to this server: the policy lets it.
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self' ws: wss:");
  }, 60_000);

  it("serves pages with React through Vite, compiled from source", async () => {
    const html = await (await fetch(`${baseUrl}/login`)).text();
    expect(html).toMatch(/src="\/app\/entry\.client\.tsx|\/@id\/__x00__virtual:react-router/);
    const client = await fetch(`${baseUrl}/@vite/client`);
    expect(client.status).toBe(200);
  }, 60_000);

  it("answers the API and never serves a cached page", async () => {
    const events = await fetch(`${baseUrl}/api/events`);
    expect(events.status).toBe(200);
    expect(await events.json()).toEqual([]);
    const page = await fetch(`${baseUrl}/`);
    expect(page.headers.get("x-page-cache")).toBeNull();
  }, 60_000);

  it("tells pages a source file changed, but not when the database or uploads write", async () => {
    const hmr = new WebSocket(baseUrl.replace("http", "ws"), "vite-hmr");
    const announced: string[] = [];
    hmr.onmessage = (message) => {
      const payload = JSON.parse(String(message.data)) as { event?: string; data?: { file: string } };
      if (payload.event === SOURCE_CHANGED_EVENT && payload.data) announced.push(payload.data.file);
    };
    await new Promise((resolve) => {
      hmr.onopen = resolve;
    });
    try {
      // A file the app keeps rewriting (the embedded database's): made, then changed.
      const written = path.join(dataDir, "written-by-the-app.txt");
      fs.writeFileSync(written, "a database or upload write");
      await expect.poll(() => fs.existsSync(written)).toBe(true);
      fs.appendFileSync(written, ", and another");
      // A source saved unchanged: the watcher reports files in order, so once the source's report
      // is in, the data dir's would have come before it.
      const source = "app/lib/dev-reload.ts";
      fs.writeFileSync(path.join(ROOT, source), fs.readFileSync(path.join(ROOT, source)));
      await expect.poll(() => announced, { timeout: 30_000 }).toContain(source);
      expect(announced).toEqual([source]);
    } finally {
      hmr.close();
    }
  }, 60_000);
});
