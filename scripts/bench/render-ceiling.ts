/**
 * A signed-in page's render-only ceiling: the same route, rendered with the same data, from
 * memory. The data is what the real server's loaders answered for that person (read once
 * through React Router's `.data` endpoint); render-ceiling-server.ts serves it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { httpRequest } from "./http";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each matched route's loader data for `pagePath`, as this cookie's owner gets it. */
async function captureLoaderData(baseUrl: string, pagePath: string, cookie: string) {
  const response = await httpRequest(`${baseUrl}${pagePath}.data`, { headers: { Cookie: cookie } });
  if (response.status !== 200) throw new Error(`${pagePath}.data answered ${response.status}`);
  const stream = Readable.toWeb(Readable.from([response.body])) as ReadableStream<Uint8Array>;
  const decoded = await decodeViaTurboStream(stream, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: unknown }>;
  return Object.fromEntries(Object.entries(routes).map(([id, result]) => [id, result.data]));
}

export interface RenderCeiling {
  url: string;
  stop(): void;
}

export async function startRenderCeiling(options: {
  releaseDir: string;
  baseUrl: string;
  pagePath: string;
  cookie: string;
  nodeFlags: readonly string[];
}): Promise<RenderCeiling> {
  const dataFile = path.join(os.tmpdir(), `render-ceiling-${process.pid}.json`);
  fs.writeFileSync(
    dataFile,
    JSON.stringify(await captureLoaderData(options.baseUrl, options.pagePath, options.cookie)),
  );
  const child = spawn(
    process.execPath,
    [
      ...options.nodeFlags,
      "--import",
      "tsx",
      path.join(ROOT, "scripts/bench/render-ceiling-server.ts"),
      options.releaseDir,
      dataFile,
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the render ceiling server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}${options.pagePath}`,
    stop: () => {
      child.kill();
      fs.rmSync(dataFile, { force: true });
    },
  };
}
