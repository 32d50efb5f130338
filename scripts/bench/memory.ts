import fs from "node:fs";

const statusField = (pid: number, field: "VmRSS" | "VmHWM") => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};

/** The most memory the process has held since it started, in MB. */
export const peakRssMb = (pid: number) => statusField(pid, "VmHWM");

/**
 * The process's memory once start-up work has settled (V8 compiles the embedded database's
 * code in the background for a moment after the server answers): polled until two readings
 * half a second apart differ by less than 1 MB, for at most ten seconds.
 */
export async function settledRssMb(pid: number): Promise<number> {
  let previous = statusField(pid, "VmRSS");
  for (let waited = 0; waited < 10_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = statusField(pid, "VmRSS");
    if (Math.abs(current - previous) < 1) return current;
    previous = current;
  }
  return previous;
}
