import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";
import { round } from "./load";
import type { BenchTarget } from "./target";

/** Members with a Codeforces handle, and the submissions stored for them. */
export const PRACTICE_BENCH = { members: 500, submissions: 50_000, codeforcesCallSeconds: 2 } as const;

export interface PracticeBenchRow {
  members: number;
  submissions: number;
  /** The loader's work without any cache (the board's queries), p50 per period, ms. */
  boardP50Ms: Record<string, number>;
  sync: {
    calls: number;
    /** calls × Codeforces' 2 s: how long the full sync takes at the judge's real pace. */
    atJudgePaceMinutes: number;
    /** The run here, without the pace (the stand-in answers at once). */
    wallMs: number;
    rssBeforeMb: number;
    peakRssMb: number;
  };
}

/**
 * `/practice`'s board on 500 members' 50,000 solved problems (spread over the last half year),
 * and a full Codeforces sync of the 500 handles against a stand-in judge answering recorded
 * answers, both in a process of its own holding the embedded database with the server's flags.
 */
export async function measurePractice(target: BenchTarget): Promise<PracticeBenchRow> {
  await target.replaceStudents(PRACTICE_BENCH.members);
  await target.withDatabase(async (db) => {
    await db.execute(sql`
      insert into judge_accounts (student_id, judge, handle, status, rating, max_rating)
      select id, 'codeforces', codeforces, 'ok', 800 + (hashtext(id::text) & 2047), 2900 from students`);
    const perMember = PRACTICE_BENCH.submissions / PRACTICE_BENCH.members;
    await db.execute(sql`
      insert into judge_solves (student_id, judge, problem_key, problem_name, difficulty, tags, solved_at)
      select s.id, 'codeforces', (1000 + k)::text || 'A', 'Problem ' || k, 800 + (k % 20) * 100, '["math"]'::jsonb,
             now() - ((k * 37 + hashtext(s.id::text) & 1023) % 180) * interval '1 day'
        from students s, generate_series(1, ${perMember}) as k`);
    await db.execute(sql`analyze judge_solves`);
    await db.execute(sql`analyze judge_accounts`);
  });
  const judge = await startAnyHandleJudge();
  try {
    const { boardP50Ms, ...sync } = await runPracticeChild(target, judge.url);
    return {
      members: PRACTICE_BENCH.members,
      submissions: PRACTICE_BENCH.submissions,
      boardP50Ms,
      sync: { ...sync, atJudgePaceMinutes: round((sync.calls * PRACTICE_BENCH.codeforcesCallSeconds) / 60, 1) },
    };
  } finally {
    await judge.close();
  }
}

const REAL = path.resolve("tests/fixtures/practice/real/codeforces");
const recorded = (file: string) => JSON.parse(fs.readFileSync(path.join(REAL, file), "utf8"));

/**
 * Codeforces as the stand-in of the tests answers, for any handle: `coder<n>` gets the recorded
 * answers of unbit (odd n) or Clash (even n), re-keyed to its handle.
 */
async function startAnyHandleJudge() {
  const of = (handle: string) => (Number(/\d+$/.exec(handle)?.[0] ?? 0) % 2 === 1 ? "unbit" : "Clash");
  const answers = Object.fromEntries(
    ["unbit", "Clash"].map((name) => [
      name,
      {
        info: recorded(`user.info.${name}.json`).result[0],
        rating: recorded(`user.rating.${name}.json`).result,
        status: recorded(`user.status.${name}.json`).result,
      },
    ]),
  );
  const contests = recorded("contest.list.json");
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://judge");
    const query = url.searchParams;
    const handle = query.get("handle") ?? "";
    let body: unknown = { status: "FAILED", comment: "method not found" };
    if (url.pathname === "/api/contest.list") body = contests;
    if (url.pathname === "/api/user.info")
      body = {
        status: "OK",
        result: (query.get("handles") ?? "").split(";").map((name) => ({ ...answers[of(name)]?.info, handle: name })),
      };
    if (url.pathname === "/api/user.rating")
      body = { status: "OK", result: answers[of(handle)]?.rating.map((change: object) => ({ ...change, handle })) };
    if (url.pathname === "/api/user.status") {
      const from = Number(query.get("from") ?? 1) - 1;
      body = {
        status: "OK",
        result: answers[of(handle)]?.status.slice(from, from + Number(query.get("count") ?? 100)),
      };
    }
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The board's queries and the sync in a child process with the server's Node flags
 * (scripts/bench/practice-child.ts), which prints what it measured as JSON.
 */
async function runPracticeChild(target: BenchTarget, codeforcesApiUrl: string) {
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      path.resolve("node_modules/tsx/dist/cli.mjs"),
      path.resolve("scripts/bench/practice-child.ts"),
    ],
    {
      env: { ...process.env, ...target.env, CODEFORCES_API_URL: codeforcesApiUrl },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const last = output.trim().split("\n").at(-1) ?? "";
  if (code !== 0) throw new Error(`the practice sync failed (exit ${code}): ${output}`);
  return JSON.parse(last) as {
    boardP50Ms: Record<string, number>;
    calls: number;
    wallMs: number;
    rssBeforeMb: number;
    peakRssMb: number;
  };
}
