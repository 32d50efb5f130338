/**
 * Runs at most `concurrency` tasks at a time, the others waiting in the order they came: for
 * work whose memory adds up when many run at once (decoding images).
 */
export function workQueue(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      // A woken task takes over the slot of the one that finished: `running` stays as it was.
      try {
        return await task();
      } finally {
        if (waiting.length > 0) waiting.shift()?.();
        else running -= 1;
      }
    },
  };
}

/**
 * A work queue per key (`concurrency` tasks of one key at a time, in the order they came; other
 * keys run beside them), each dropped when it runs empty.
 */
export function keyedWorkQueue(concurrency: number) {
  const queues = new Map<string, { queue: ReturnType<typeof workQueue>; pending: number }>();
  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      let entry = queues.get(key);
      if (!entry) {
        entry = { queue: workQueue(concurrency), pending: 0 };
        queues.set(key, entry);
      }
      entry.pending += 1;
      try {
        return await entry.queue.run(task);
      } finally {
        entry.pending -= 1;
        if (entry.pending === 0) queues.delete(key);
      }
    },
  };
}

const heavyWorkQueue = workQueue(1);

/**
 * Work that holds tens of MB while it runs (decoding an uploaded image, reading a standings file,
 * each in a job process of its own), one job at a time across the whole server: each fits a small
 * server's memory alone, two at once (a phone photo while a World Finals package is read) did not
 * (decision 023). After each job one full collection runs (the server has `--expose-gc`): the
 * answer's buffers go at once, not whenever V8's accounting of external memory next asks for one.
 */
export const heavyWork = {
  async run<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await heavyWorkQueue.run(task);
    } finally {
      collectSoon();
    }
  },
};

let collecting = false;
/** One full collection on the next turn of the event loop; jobs ending together share it. */
function collectSoon() {
  if (collecting || !globalThis.gc) return;
  collecting = true;
  setImmediate(() => {
    collecting = false;
    globalThis.gc?.({ type: "major", execution: "sync" });
  });
}
