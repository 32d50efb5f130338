import { useCallback, useEffect, useRef, useState } from "react";
import { createOfflineQueue, type OfflineQueue } from "~/lib/offline-queue";

/**
 * What a phone at a door or a session records without waiting for the network: each item waits
 * in the device's queue and is sent when there is a network (now, when it comes back, every 30
 * seconds, on the next page load), in batches the server answers with one outcome per item.
 * The check-in desk and the attendance sheet both send this way.
 */

export interface SyncState {
  waiting: number;
  sending: boolean;
  /** The status of the server's refusal of the last batch (a session that ended), if it refused. */
  refused: number | null;
}

export interface OfflineSyncOptions<Item, Outcome> {
  /** The device's queue, kept in localStorage under this key. */
  storageKey: string;
  /** Where a batch is posted, as `{ [field]: batch }`; the answer is `{ results }`, one per item. */
  url: string;
  field: string;
  /** The server's outcomes of a batch it took. */
  onSent: (batch: Item[], outcomes: Outcome[]) => void;
  /** After the waiting items were sent (or some refused), with those still waiting. */
  onSettled?: (pending: Item[]) => void;
}

const BATCH_SIZE = 100;
const RETRY_MS = 30_000;

class Refused extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}`);
  }
}

async function post<Item, Outcome>(url: string, field: string, batch: Item[]): Promise<Outcome[]> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ [field]: batch }),
  });
  if (!response.ok) throw new Refused(response.status);
  return ((await response.json()) as { results: Outcome[] }).results;
}

/** Mount once per queue (keyed by what it belongs to, an event): the queue is made on first use. */
export function useOfflineSync<Item, Outcome>(options: OfflineSyncOptions<Item, Outcome>) {
  const { storageKey, url, field } = options;
  const [sync, setSync] = useState<SyncState | null>(null);
  const queueRef = useRef<OfflineQueue<Item>>(null);
  // The callbacks are new each render; the latest ones are called.
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  // Made on first use: the server renders the page without a localStorage.
  const queue = useCallback(() => {
    queueRef.current ??= createOfflineQueue<Item>(localStorage, storageKey, BATCH_SIZE);
    return queueRef.current;
  }, [storageKey]);

  const flush = useCallback(async () => {
    const waiting = queue().pending().length;
    if (!navigator.onLine || waiting === 0) {
      setSync({ waiting, sending: false, refused: null });
      return;
    }
    setSync({ waiting, sending: true, refused: null });
    let refused: number | null = null;
    await queue().flush(async (batch) => {
      const outcomes = await post<Item, Outcome>(url, field, batch).catch((error: unknown) => {
        if (error instanceof Refused) refused = error.status;
        throw error;
      });
      callbacks.current.onSent(batch, outcomes);
    });
    callbacks.current.onSettled?.(queue().pending());
    setSync({ waiting: queue().pending().length, sending: false, refused });
  }, [queue, url, field]);

  useEffect(() => {
    void flush();
    const retry = setInterval(() => void flush(), RETRY_MS);
    window.addEventListener("online", flush);
    return () => {
      clearInterval(retry);
      window.removeEventListener("online", flush);
    };
  }, [flush]);

  const pending = useCallback(() => queue().pending(), [queue]);
  /** Queues an item and sends what waits at once. */
  const send = useCallback(
    (item: Item) => {
      queue().add(item);
      void flush();
    },
    [queue, flush],
  );

  return { sync, pending, send };
}
