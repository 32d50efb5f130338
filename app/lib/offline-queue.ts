/**
 * Things to send that outlive the page: kept in a Storage (localStorage) under one key, so what
 * was done without a network is sent once it is back, after a reload too. Each item carries an
 * id, so two tabs flushing the same queue each remove only what they sent.
 */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface FlushOutcome {
  sent: number;
  /** A batch could not be sent: it waits, with everything after it, for the next flush. */
  failed: boolean;
}

export interface OfflineQueue<T> {
  /** What waits to be sent, oldest first. */
  pending(): T[];
  add(item: T): void;
  /**
   * Sends what waits, oldest first, in batches, until nothing is left or a send throws; items
   * added meanwhile go too. A call during a flush gets that flush's outcome.
   */
  flush(send: (batch: T[]) => Promise<void>): Promise<FlushOutcome>;
}

interface Entry<T> {
  id: string;
  item: T;
}

let lastId = 0;
// Not crypto.randomUUID: browsers keep it from pages served over plain http on a LAN address.
const newId = () => `${Date.now().toString(36)}-${(lastId++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function parseEntries<T>(text: string | null): Entry<T>[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((entry): entry is Entry<T> => typeof entry?.id === "string") : [];
  } catch {
    return [];
  }
}

export function createOfflineQueue<T>(storage: QueueStorage, key: string, batchSize = 100): OfflineQueue<T> {
  let memory: Entry<T>[] = [];
  // Once the storage refuses (private browsing, a full quota), the page's own copy is the queue.
  let stored = true;
  const read = (): Entry<T>[] => {
    if (stored) {
      try {
        memory = parseEntries<T>(storage.getItem(key));
      } catch {
        stored = false;
      }
    }
    return memory;
  };
  const write = (entries: Entry<T>[]) => {
    memory = entries;
    if (!stored) return;
    try {
      storage.setItem(key, JSON.stringify(entries));
    } catch {
      stored = false;
    }
  };
  let running: Promise<FlushOutcome> | undefined;

  async function sendAll(send: (batch: T[]) => Promise<void>): Promise<FlushOutcome> {
    let sent = 0;
    for (let batch = read().slice(0, batchSize); batch.length > 0; batch = read().slice(0, batchSize)) {
      try {
        await send(batch.map((entry) => entry.item));
      } catch {
        return { sent, failed: true };
      }
      const ids = new Set(batch.map((entry) => entry.id));
      write(read().filter((entry) => !ids.has(entry.id)));
      sent += batch.length;
    }
    return { sent, failed: false };
  }

  return {
    pending: () => read().map((entry) => entry.item),
    add: (item) => write([...read(), { id: newId(), item }]),
    flush(send) {
      running ??= sendAll(send).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
