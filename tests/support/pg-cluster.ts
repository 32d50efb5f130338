import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

export interface PgCluster {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const version = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql");
  return path.join(root, version, "bin");
}

/** initdb refuses to run as root: the cluster belongs to the postgres user. */
function asPostgres(command: string, args: string[]) {
  const runAs = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(runAs[0] as string, runAs[1] as string[], { stdio: "pipe" });
}

/** A throwaway PostgreSQL cluster on a free port, for tests that stop and start the database. */
export async function createPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-pg-"));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  asPostgres(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const pgCtl = (...args: string[]) => asPostgres(path.join(bin, "pg_ctl"), ["-D", dataDir, ...args]);
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      pgCtl(
        "-w",
        "-l",
        path.join(dir, "log"),
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        "start",
      ),
    stop: () => pgCtl("-w", "-m", "fast", "stop"),
    destroy: () => {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
