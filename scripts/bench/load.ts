import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";

const execFileAsync = promisify(execFile);

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Adds `v=<n>` (a new n each request) to the query: every request a URL never seen before. */
  uniqueQuery?: boolean;
  /** Adds `-<n>` (a new n each request) to the path: every request a path the site doesn't have. */
  uniquePath?: boolean;
}

export interface LoadResult {
  tool: "wrk" | "autocannon";
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Responses with status >= 400 (wrk) or outside 2xx (autocannon). */
  non2xx: number;
  errors: number;
}

export function loadTool(): "wrk" | "autocannon" {
  return spawnSync("wrk", ["--version"]).error ? "autocannon" : "wrk";
}

/** Drives one URL with wrk when the machine has it (less client CPU), else autocannon. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return loadTool() === "wrk" ? runWrk(spec) : runAutocannon(spec);
}

async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const script = path.join(os.tmpdir(), `bench-${process.pid}.lua`);
  const headers = Object.entries(spec.headers ?? {})
    .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join("\n");
  fs.writeFileSync(
    script,
    `wrk.method = ${JSON.stringify(spec.method ?? "GET")}
${spec.body ? `wrk.body = ${JSON.stringify(spec.body)}` : ""}
${headers}
${spec.uniqueQuery ? uniqueQueryLua(spec.url) : ""}
${spec.uniquePath ? uniquePathLua(spec.url) : ""}
done = function(summary, latency, requests)
  io.write(string.format("BENCH %f %f %f %d %d\\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status))
end
`,
  );
  const threads = Math.min(2, spec.connections);
  // Asynchronous: the bare comparison server runs in this very process and must keep answering.
  const { stdout: output } = await execFileAsync(
    "wrk",
    ["-t", String(threads), "-c", String(spec.connections), "-d", `${spec.seconds}s`, "-s", script, spec.url],
    {
      encoding: "utf8",
    },
  );
  fs.rmSync(script, { force: true });
  const line = output.split("\n").find((entry) => entry.startsWith("BENCH "));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const [rps, p50, p99, errors, statusErrors] = line.slice(6).split(" ").map(Number);
  return {
    tool: "wrk",
    requestsPerSecond: Math.round(rps ?? 0),
    latencyP50Ms: round(p50 ?? 0),
    latencyP99Ms: round(p99 ?? 0),
    errors: errors ?? 0,
    non2xx: statusErrors ?? 0,
  };
}

function uniqueQueryLua(url: string): string {
  const { pathname, search } = new URL(url);
  const base = `${pathname}${search ? `${search}&` : "?"}v=`;
  return `counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, ${JSON.stringify(base)} .. counter .. "-" .. math.random(1e9))
end`;
}

function uniquePathLua(url: string): string {
  const { pathname, search } = new URL(url);
  return `counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, ${JSON.stringify(`${pathname}-`)} .. counter .. "-" .. math.random(1e9) .. ${JSON.stringify(search)})
end`;
}

async function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  const { pathname, search } = new URL(spec.url);
  let counter = 0;
  const result = await autocannon({
    url: spec.url,
    ...(spec.uniqueQuery && {
      requests: [
        {
          setupRequest: (request) => ({ ...request, path: `${pathname}${search ? `${search}&` : "?"}v=${++counter}` }),
        },
      ],
    }),
    ...(spec.uniquePath && {
      requests: [{ setupRequest: (request) => ({ ...request, path: `${pathname}-${++counter}${search}` }) }],
    }),
    method: spec.method ?? "GET",
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration: spec.seconds,
  });
  return {
    tool: "autocannon",
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: round(result.latency.p50),
    latencyP99Ms: round(result.latency.p99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Several loads measured in turns (A, B, A, B…), each for `seconds` in all, so that what else
 * runs on the machine weighs on each alike: a ratio of two loads measured one after the other
 * swung from 0.45 to 1.6 on a shared 2-core machine, the same build and the same pages. Each
 * answer is over all its turns: the mean of their requests per second, the median turn's latencies.
 */
export async function runLoadsInTurns(specs: LoadSpec[], { turns }: { turns: number }): Promise<LoadResult[]> {
  const results: LoadResult[][] = specs.map(() => []);
  // JIT warm-up of both servers, not counted.
  for (const spec of specs) await runLoad({ ...spec, seconds: 1 });
  for (let turn = 0; turn < turns; turn++) {
    for (const [index, spec] of specs.entries()) {
      results[index]?.push(await runLoad({ ...spec, seconds: Math.max(1, Math.round(spec.seconds / turns)) }));
    }
  }
  return results.map(combineTurns);
}

function combineTurns(turns: LoadResult[]): LoadResult {
  const median = (pick: (result: LoadResult) => number) => {
    const sorted = turns.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const sum = (pick: (result: LoadResult) => number) => turns.reduce((total, result) => total + pick(result), 0);
  return {
    tool: turns[0]?.tool ?? "wrk",
    requestsPerSecond: Math.round(sum((result) => result.requestsPerSecond) / Math.max(1, turns.length)),
    latencyP50Ms: median((result) => result.latencyP50Ms),
    latencyP99Ms: median((result) => result.latencyP99Ms),
    errors: sum((result) => result.errors),
    non2xx: sum((result) => result.non2xx),
  };
}
