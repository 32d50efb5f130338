import { describe, expect, it } from "vitest";
import { createOfflineQueue, type QueueStorage } from "~/lib/offline-queue";

function memoryStorage(): QueueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe("offline queue", () => {
  it("keeps what waits in the storage, so a new page (a reload) finds it", () => {
    const storage = memoryStorage();
    createOfflineQueue<string>(storage, "q").add("a");
    createOfflineQueue<string>(storage, "q").add("b");
    expect(createOfflineQueue<string>(storage, "q").pending()).toEqual(["a", "b"]);
    expect(createOfflineQueue<string>(storage, "other").pending()).toEqual([]);
  });

  it("sends oldest first in batches and removes only what was sent", async () => {
    const queue = createOfflineQueue<number>(memoryStorage(), "q", 2);
    for (const n of [1, 2, 3, 4, 5]) queue.add(n);
    const batches: number[][] = [];
    expect(await queue.flush(async (batch) => void batches.push(batch))).toEqual({ sent: 5, failed: false });
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(queue.pending()).toEqual([]);
  });

  it("keeps a batch that could not be sent, and everything after it, for the next flush", async () => {
    const queue = createOfflineQueue<number>(memoryStorage(), "q", 2);
    for (const n of [1, 2, 3]) queue.add(n);
    let calls = 0;
    const outcome = await queue.flush(async () => {
      calls += 1;
      if (calls === 2) throw new TypeError("Failed to fetch");
    });
    expect(outcome).toEqual({ sent: 2, failed: true });
    expect(queue.pending()).toEqual([3]);
  });

  it("sends what was added during a flush, and a second call shares the running flush", async () => {
    const queue = createOfflineQueue<string>(memoryStorage(), "q");
    queue.add("a");
    const sent: string[][] = [];
    let release = () => {};
    const first = queue.flush(async (batch) => {
      sent.push(batch);
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    queue.add("b");
    const second = queue.flush(async () => {
      throw new Error("not called: the first flush is running");
    });
    release();
    expect(await first).toEqual({ sent: 2, failed: false });
    expect(await second).toEqual({ sent: 2, failed: false });
    expect(sent).toEqual([["a"], ["b"]]);
  });

  it("removes by id: another tab's additions survive this tab's flush", async () => {
    const storage = memoryStorage();
    const here = createOfflineQueue<string>(storage, "q");
    const there = createOfflineQueue<string>(storage, "q");
    here.add("mine");
    await here.flush(async (batch) => {
      if (batch.includes("theirs")) throw new TypeError("Failed to fetch");
      there.add("theirs");
    });
    expect(here.pending()).toEqual(["theirs"]);
  });

  it("ignores a damaged stored value, and goes on in memory when the storage refuses", () => {
    const storage = memoryStorage();
    storage.values.set("q", "{not json");
    expect(createOfflineQueue<string>(storage, "q").pending()).toEqual([]);
    const refusing: QueueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    const queue = createOfflineQueue<string>(refusing, "q");
    queue.add("a");
    queue.add("b");
    expect(queue.pending()).toEqual(["a", "b"]);
  });
});
