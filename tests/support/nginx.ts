import { type ChildProcess, execFileSync, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { freePort } from "./server";

const NGINX = "/usr/sbin/nginx";
const SITE_CONFIG = path.resolve(import.meta.dirname, "../../docs/deploy/nginx.conf");

export interface RunningProxy {
  /** The site's https address, as a browser sees it. */
  baseUrl: string;
  stop(): Promise<void>;
}

/** Debian's nginx is installed here when missing, as Chromium is for the e2e suite. */
function ensureNginx() {
  if (fs.existsSync(NGINX)) return;
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx", {
    stdio: "inherit",
  });
}

/**
 * The shipped site file (docs/deploy/nginx.conf) with this machine's ports and a
 * self-signed certificate, inside a main config that keeps every file in `dir`.
 */
function renderConfig(dir: string, ports: { app: number; http: number; https: number }) {
  const site = fs
    .readFileSync(SITE_CONFIG, "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${ports.app};`)
    .replace(/^\s*listen \[::\].*$/gm, "")
    .replace("listen 80;", `listen 127.0.0.1:${ports.http};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/cert.pem;`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/key.pem;`);
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  return [
    process.getuid?.() === 0 ? "user root;" : "",
    "daemon off;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 256; }",
    "http {",
    `  access_log ${dir}/access.log;`,
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${temp(name)}`),
    site,
    "}",
  ].join("\n");
}

function makeCertificate(dir: string) {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
}

/** nginx terminating TLS in front of the app on `appPort`, as docs/deploy/nginx.conf sets it up. */
export async function startNginxProxy(appPort: number, httpsPort?: number): Promise<RunningProxy> {
  ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-nginx-"));
  makeCertificate(dir);
  const ports = { app: appPort, http: await freePort(), https: httpsPort ?? (await freePort()) };
  const configFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(configFile, renderConfig(dir, ports));
  const child = spawn(NGINX, ["-c", configFile, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  await waitForTls(ports.https, child, () => `${errors}${readIfExists(path.join(dir, "error.log"))}`);
  return {
    baseUrl: `https://127.0.0.1:${ports.https}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForTls(port: number, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({ port, host: "127.0.0.1", rejectUnauthorized: false }, () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not accept TLS on ${port} in 30 s:\n${log()}`);
}

function readIfExists(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}
