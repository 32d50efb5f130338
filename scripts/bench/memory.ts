import fs from "node:fs";

const statusField = (pid: number, field: "VmRSS" | "VmHWM") => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};

/** The memory the process holds now, in MB. */
export const rssMb = (pid: number) => statusField(pid, "VmRSS");

/** The processes a process started, and theirs (an ended one is left out). */
function descendantsOf(pid: number): number[] {
  let children: number[];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** The files a process has mapped (its binary, its libraries). */
function mappedFiles(pid: number): Set<string> {
  const maps = fs.readFileSync(`/proc/${pid}/maps`, "utf8");
  return new Set(maps.split("\n").flatMap((line) => /\s(\/\S.*)$/.exec(line)?.[1] ?? []));
}

/** A process's resident memory, in kB, leaving out the pages of files `shared` lists. */
function residentKbBesides(pid: number, shared: Set<string>): number {
  let total = 0;
  let counted = true;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+\s/.exec(line);
    if (mapping) counted = !shared.has(/\s(\/\S.*)$/.exec(line)?.[1] ?? "");
    else if (counted && line.startsWith("Rss:")) total += Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  return total;
}

/**
 * The resident memory of a process and of every process it started (the server's job
 * processes), in MB: what the machine gives them. A started process's pages of files the first
 * one maps too (Node's own code) are the same pages in memory, counted once.
 */
export function treeRssMb(pid: number): number {
  const descendants = descendantsOf(pid);
  const server = rssMb(pid);
  if (descendants.length === 0) return server;
  const shared = mappedFiles(pid);
  return descendants.reduce((total, each) => {
    try {
      return total + Math.round(residentKbBesides(each, shared) / 1024);
    } catch {
      return total; // it ended between the listing and the reading
    }
  }, server);
}

/**
 * What `read` (a process's memory, in MB) gives before `work` and at its highest while `work`
 * runs, read every `everyMs`: a burst's peak, which a reading after it would miss.
 */
export async function peakWhile<T>(
  read: () => number,
  work: () => Promise<T>,
  everyMs = 10,
): Promise<{ result: T; before: number; peak: number }> {
  const before = read();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, read()) };
  } finally {
    clearInterval(sampler);
  }
}

/** The most memory the process has held since it started (or since `resetPeakRss`), in MB. */
export const peakRssMb = (pid: number) => statusField(pid, "VmHWM");

/** Sets the process's high-water mark to the memory it holds now (5 written to `clear_refs`). */
export const resetPeakRss = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");

/**
 * The process's memory once start-up work has settled (V8 compiles the embedded database's
 * code in the background for a moment after the server answers): polled until two readings
 * half a second apart differ by less than 1 MB, for at most ten seconds.
 */
export async function settledRssMb(pid: number): Promise<number> {
  let previous = rssMb(pid);
  for (let waited = 0; waited < 10_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = rssMb(pid);
    if (Math.abs(current - previous) < 1) return current;
    previous = current;
  }
  return previous;
}
