import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";

/**
 * Every write to a content table bumps the `content_version` sequence (a database trigger,
 * see drizzle/0002_content_version.sql), so every process can tell when its cached pages
 * are stale, whichever process or script did the write.
 */
export async function readContentVersion(db: Database): Promise<string> {
  // A new sequence reports last_value 1 before its first nextval(); is_called tells them apart.
  const [row] = await selectRows<{ version: string | number }>(
    db,
    sql`select case when is_called then last_value else 0 end as version from content_version`,
  );
  return String(row?.version ?? "0");
}

export interface ContentVersionReader {
  current(): Promise<string>;
  /** The version if it was read within maxAgeMs, without waiting; else undefined. */
  peek(): string | undefined;
  /** Forces the next `current()` to ask the database (this process just wrote). */
  invalidate(): void;
}

/** Asks the database at most once per `maxAgeMs`, so other processes see a write within that time. */
export function createContentVersionReader(db: Database, maxAgeMs = 500): ContentVersionReader {
  let value = "";
  let fetchedAt = 0;
  let pending: Promise<string> | undefined;
  // A read that started before an invalidate() must not store its (older) answer.
  let generation = 0;
  return {
    current() {
      if (value && performance.now() - fetchedAt < maxAgeMs) return Promise.resolve(value);
      if (pending) return pending;
      const started = generation;
      const read = readContentVersion(db).then((fresh) => {
        if (started === generation) {
          value = fresh;
          fetchedAt = performance.now();
          pending = undefined;
        }
        return fresh;
      });
      read.catch(() => {
        if (started === generation) pending = undefined;
      });
      pending = read;
      return read;
    },
    peek() {
      return value && performance.now() - fetchedAt < maxAgeMs ? value : undefined;
    },
    invalidate() {
      generation++;
      value = "";
      fetchedAt = 0;
      pending = undefined;
    },
  };
}
