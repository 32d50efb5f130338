import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../server/node-flags";

const ROOT = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 90_000;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for tests that read the start-up log. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The secret each running server signs with, by its address: tests sign what its mails would carry. */
const authSecrets = new Map<string, string>();

function readAuthSecret(dataDir: string): string {
  return fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
}

/** The secret of a server this process started (its BETTER_AUTH_SECRET, or the one it generated). */
export function authSecretOf(baseUrl: string): string {
  const secret = authSecrets.get(baseUrl);
  if (!secret) throw new Error(`No server started here answers at ${baseUrl}`);
  return secret;
}

/** Starts the production build (npm run build first) on a free port with a throwaway data dir. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A caller may fix the port (e.g. to register an OAuth callback address before start).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "club-e2e-"));
  let output = "";
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverScript = path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/main.js");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverScript], {
    cwd: ROOT,
    // BASE_URL is set explicitly: Vitest puts Vite's BASE_URL ("/") into process.env.
    env: {
      ...process.env,
      ...SERVER_ENVIRONMENT,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await waitForHealthy(baseUrl, exited, () => output);
  } catch (error) {
    // A server that never became healthy is not left behind, nor is the data dir made for it.
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  authSecrets.set(baseUrl, env.BETTER_AUTH_SECRET ?? process.env.BETTER_AUTH_SECRET ?? readAuthSecret(dataDir));
  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

async function waitForHealthy(baseUrl: string, exited: Promise<number | null>, output: () => string) {
  let done = false;
  exited.then(() => {
    done = true;
  });
  // Generous: a cold start takes about a second, but CI's two cores may be busy with other suites.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (done) throw new Error(`Server exited during start-up:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server did not become healthy in ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * A server without demo content on a database of its own: PGlite in a throwaway data dir, or
 * a new database on the TEST_DATABASE_URL server when that is set (as the DB tests run in CI).
 */
export async function startServerOnTestDatabase(env: Record<string, string>) {
  const { createTestDatabase } = await import("./database");
  const testDb = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const server = await startServer({
    SEED_DEMO: "false",
    ...env,
    ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
  });
  return {
    server,
    async close() {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await testDb?.close();
    },
  };
}

/** The demo admin's account, as a first start printed it. */
export function demoAdminOf(server: RunningServer): { email: string; password: string } {
  const printed = server.output().match(/email:\s+(\S+)\s+password:\s+(\S+)/);
  return { email: printed?.[1] ?? "", password: printed?.[2] ?? "" };
}

/** Signs in as the demo admin a first start printed; the Cookie header of the session. */
export async function signInDemoAdmin(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseUrl },
    body: JSON.stringify(demoAdminOf(server)),
  });
  if (response.status !== 200) throw new Error(`Demo admin sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
