import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * A job run in a process of its own, which ends with the job: everything the job's libraries
 * allocated (a native decoder's buffers, its threads' malloc arenas) goes back to the system
 * whole, instead of staying in the server's arenas after it is freed, and a crash of such a
 * library ends the job, not the server.
 */

/** The script a job process runs, and the flags Node needs to run it. */
export interface JobScript {
  url: URL;
  execArgv: string[];
}

/**
 * The job's script beside the module that starts it: the built `.js` in a build (the server
 * bundle makes one per job), the TypeScript source with tsx's loader under `npm run dev` and in
 * tests. `nodeFlags` are the job's own (`--jitless` for a job whose work is native code).
 */
export function jobScript(startingModuleUrl: string, name: string, nodeFlags: string[] = []): JobScript {
  if (startingModuleUrl.endsWith(".ts")) {
    return { url: new URL(`./${name}.ts`, startingModuleUrl), execArgv: ["--import", "tsx", ...nodeFlags] };
  }
  return { url: new URL(`./${name}.js`, startingModuleUrl), execArgv: nodeFlags };
}

export interface JobProcessLimits {
  /** V8's old generation in the job process; what native code allocates is not counted in it. */
  heapMb: number;
  /** The process is ended after this long and the job refused. */
  timeoutMs: number;
}

/**
 * The job process gave no answer: the job threw (`error`, with the exception's message), ran out
 * of its heap (`memory`) or of time (`time`), or the process ended otherwise (`ended`: a crash
 * in native code, an exit), with its exit code or signal in `ending`.
 */
export class JobProcessFailure extends Error {
  constructor(
    readonly reason: "error" | "memory" | "time" | "ended",
    message: string,
    readonly ending?: string,
  ) {
    super(message);
    this.name = "JobProcessFailure";
  }
}

type JobMessage<Answer> =
  | {
      answer: Answer;
      /** The job process's own high-water mark of resident memory, when it answered. */
      peakRssMb: number;
    }
  | { thrown: string; stack?: string };

const jobMemory = { jobs: 0, highestPeakRssMb: 0 };

/** How many jobs answered from processes of their own, and the highest resident memory one of them reached. */
export function jobProcessMemory(): Readonly<typeof jobMemory> {
  return jobMemory;
}

/**
 * What a job process gets of the server's environment: no secrets (the database's address,
 * the session key, mail passwords), as a job reads untrusted files with native code; only what
 * Node, glibc's allocator and libvips are tuned by. One malloc arena unless the server's
 * environment says otherwise: a job is one task, and an arena per libvips thread held ~10 MB
 * more of a 12 MP photo's peak (measured: 125 MB against 114), for no time saved.
 */
function jobEnvironment(): NodeJS.ProcessEnv {
  return {
    MALLOC_ARENA_MAX: "1",
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => /^(PATH|TMPDIR|NODE_ENV|MALLOC_\w+|VIPS_\w+)$/.test(name)),
    ),
  };
}

/** The end of what a process wrote to stderr: where V8 says it ran out of memory. */
const STDERR_KEPT = 4096;

/** Runs `script` in a new process, sends it `request`, and answers what it answers. */
export function runJobProcess<Request extends object, Answer>(
  script: JobScript,
  request: Request,
  { heapMb, timeoutMs }: JobProcessLimits,
): Promise<Answer> {
  const child = fork(fileURLToPath(script.url), [], {
    execArgv: [...script.execArgv, `--max-old-space-size=${heapMb}`, "--max-semi-space-size=1"],
    // Structured clone: bytes travel as bytes, not as JSON arrays of numbers.
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    env: jobEnvironment(),
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new JobProcessFailure("time", `the job took longer than ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    child.once("message", (message: JobMessage<Answer>) =>
      settle(() => {
        if ("thrown" in message) return reject(thrownIn(message));
        jobMemory.jobs += 1;
        jobMemory.highestPeakRssMb = Math.max(jobMemory.highestPeakRssMb, message.peakRssMb);
        resolve(message.answer);
      }),
    );
    child.once("error", (error) => settle(() => reject(new JobProcessFailure("ended", error.message))));
    // `close` comes after the process's stderr is read to its end: what it printed is whole.
    child.once("close", (code, signal) => settle(() => reject(endedWithout(stderr, code, signal, heapMb))));
    child.send(request);
  });
}

/** The job's exception, with the stack it had in the job process (for the log). */
function thrownIn({ thrown, stack }: { thrown: string; stack?: string }): JobProcessFailure {
  const failure = new JobProcessFailure("error", thrown);
  if (stack) failure.stack = stack;
  return failure;
}

/**
 * Why a process ended without answering: V8's heap limit (which it prints), or its exit code or
 * signal with the last error line it printed (an exception outside the job, such as a module
 * that failed to load).
 */
function endedWithout(
  stderr: string,
  code: number | null,
  signal: NodeJS.Signals | null,
  heapMb: number,
): JobProcessFailure {
  const ending = signal ? `signal ${signal}` : `exit code ${code}`;
  if (/Reached heap limit|heap out of memory/.test(stderr)) {
    return new JobProcessFailure("memory", `the job ran out of its ${heapMb} MB heap`, ending);
  }
  const errorLine = stderr.match(/^\w*Error\b.*$/gm)?.at(-1);
  const said = errorLine ? `: ${errorLine.trim()}` : "";
  return new JobProcessFailure("ended", `the job process ended before answering (${ending})${said}`, ending);
}

/**
 * The job process's side: answers the one request it is sent with `handle`'s answer, then
 * ends. An exception's message (its first line: no stack) reaches the server as the reason.
 */
export function answerOneJob<Request, Answer>(handle: (request: Request) => Answer | Promise<Answer>): void {
  process.once("message", async (request: Request) => {
    let message: JobMessage<Answer>;
    try {
      message = { answer: await handle(request), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
    } catch (error) {
      message = { thrown: firstLineOf(error), stack: error instanceof Error ? error.stack : undefined };
    }
    process.send?.(message, () => process.disconnect());
  });
}

function firstLineOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]?.trim() || (error instanceof Error ? error.name : "an error");
}
