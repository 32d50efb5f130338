import { afterAll, describe, expect, it } from "vitest";
import { JobProcessFailure, jobProcessMemory, runJobProcess } from "~/lib/job-process.server";
import { standInJobScripts } from "../support/job-scripts";

/**
 * Jobs in processes of their own (an uploaded image's decoding): the answer comes back whole,
 * and a process that fails, ends or hangs is a refusal with its reason, never the server's end.
 * Stand-in scripts play the job, written as plain ES modules.
 */

const scripts = standInJobScripts("job-process-");
afterAll(scripts.remove);
const jobScriptAnswering = scripts.script;
const limits = { heapMb: 32, timeoutMs: 60_000 };

async function failureOf(job: Promise<unknown>): Promise<JobProcessFailure> {
  const error = await job.then(
    () => new Error("the job answered"),
    (error: unknown) => error,
  );
  if (!(error instanceof JobProcessFailure)) throw error;
  return error;
}

describe("a job in a process of its own", () => {
  it("answers what the job answers, bytes as bytes, and counts the process's own peak memory", async () => {
    const script = jobScriptAnswering(
      "doubles",
      "return { doubled: request.bytes.map((byte) => byte * 2), pid: process.pid };",
    );
    const jobsBefore = jobProcessMemory().jobs;
    const answer = await runJobProcess<{ bytes: Uint8Array }, { doubled: Uint8Array; pid: number }>(
      script,
      { bytes: new Uint8Array([1, 2, 3]) },
      limits,
    );
    expect(answer.doubled).toEqual(new Uint8Array([2, 4, 6]));
    expect(answer.pid).not.toBe(process.pid);
    expect(jobProcessMemory().jobs).toBe(jobsBefore + 1);
    // A Node process holds tens of MB of its own: the figure is the child's, not a placeholder.
    expect(jobProcessMemory().highestPeakRssMb).toBeGreaterThan(20);
  });

  it("a job sees none of the server's secrets in its environment, only what tunes Node, malloc and libvips", async () => {
    const script = jobScriptAnswering("environment", "return process.env;");
    const given = {
      DATABASE_URL: "postgres://club:secret@db/club",
      BETTER_AUTH_SECRET: "a".repeat(32),
      MALLOC_MMAP_THRESHOLD_: "131072",
    };
    const before = { ...process.env };
    Object.assign(process.env, given);
    try {
      const environment = await runJobProcess<object, Record<string, string>>(script, {}, limits);
      expect(environment).not.toHaveProperty("DATABASE_URL");
      expect(environment).not.toHaveProperty("BETTER_AUTH_SECRET");
      expect(environment.MALLOC_MMAP_THRESHOLD_).toBe("131072");
      expect(environment.PATH).toBe(process.env.PATH);
      // One malloc arena, unless the server's environment names another count.
      expect(environment.MALLOC_ARENA_MAX).toBe(process.env.MALLOC_ARENA_MAX ?? "1");
    } finally {
      for (const name of Object.keys(given)) {
        if (before[name] === undefined) delete process.env[name];
        else process.env[name] = before[name];
      }
    }
  });

  it("a job's own Node flags reach its process", async () => {
    const script = jobScriptAnswering("flags", "return process.execArgv;");
    const jitless = { ...script, execArgv: [...script.execArgv, "--jitless"] };
    const flags = await runJobProcess<object, string[]>(jitless, {}, limits);
    expect(flags).toContain("--jitless");
    expect(flags).toContain(`--max-old-space-size=${limits.heapMb}`);
  });

  it("a job that throws: refused with the error's message line, no stack", async () => {
    const script = jobScriptAnswering("throws", "const image = undefined; return image.width;");
    const failure = await failureOf(runJobProcess(script, {}, limits));
    expect(failure.reason).toBe("error");
    expect(failure.message).toBe("Cannot read properties of undefined (reading 'width')");
  });

  it("a process ending before it answers: refused with its exit code", async () => {
    const script = jobScriptAnswering("exits", "process.exit(3);");
    const failure = await failureOf(runJobProcess(script, {}, limits));
    expect(failure.reason).toBe("ended");
    expect(failure.message).toBe("the job process ended before answering (exit code 3)");
    expect(failure.ending).toBe("exit code 3");
  });

  it("a process ending on an exception outside the job: refused with the exception's line", async () => {
    const script = jobScriptAnswering(
      "throws-outside",
      'setImmediate(() => { throw new TypeError("the decoder broke"); }); return new Promise(() => {});',
    );
    const failure = await failureOf(runJobProcess(script, {}, limits));
    expect(failure.reason).toBe("ended");
    expect(failure.message).toBe("the job process ended before answering (exit code 1): TypeError: the decoder broke");
  });

  it("a job running out of its heap: refused, and the server's process goes on", async () => {
    const script = jobScriptAnswering(
      "fills",
      "const kept = []; for (;;) kept.push(new Array(100_000).fill(kept.length));",
    );
    const failure = await failureOf(runJobProcess(script, {}, { heapMb: 16, timeoutMs: 120_000 }));
    expect(failure.reason).toBe("memory");
    expect(failure.message).toBe("the job ran out of its 16 MB heap");
    expect(failure.ending).toBe("signal SIGABRT");
  });

  it("a job that never answers: ended when its time is up", async () => {
    const script = jobScriptAnswering("hangs", "await new Promise(() => setInterval(() => {}, 1_000));");
    const failure = await failureOf(runJobProcess(script, {}, { heapMb: 32, timeoutMs: 1_000 }));
    expect(failure.reason).toBe("time");
    expect(failure.message).toBe("the job took longer than 1 s");
  });
});
