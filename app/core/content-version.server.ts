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
  /**
   * A write of this process begins: until the function it returns is called (the write has
   * ended), every read asks the database and none is kept, so a version read before the write
   * committed is never served after it. Ending forces the next `current()` to ask again.
   */
  beginWrite(): () => void;
  /**
   * The settings' own version (a sequence their writes alone bump), read with the content's:
   * so never older than the content version a page was rendered for. Kept for maxAgeMs
   * whatever this process writes to content, so a registration's mail finds the club's name cached.
   */
  settings(): Promise<string>;
  /** Forces the next read to ask the database (this process just saved the settings). */
  invalidateSettings(): void;
}

interface Versions {
  content: string;
  settings: string;
}

async function readVersions(db: Database): Promise<Versions> {
  const [row] = await selectRows<{ content: string | number; settings: string | number }>(
    db,
    sql`select
      (select case when is_called then last_value else 0 end from content_version) as content,
      (select case when is_called then last_value else 0 end from settings_version) as settings`,
  );
  return { content: String(row?.content ?? "0"), settings: String(row?.settings ?? "0") };
}

/** Asks the database at most once per `maxAgeMs`, so other processes see a write within that time. */
export function createContentVersionReader(db: Database, maxAgeMs = 500): ContentVersionReader {
  let last: Versions | undefined;
  let fetchedAt = 0;
  let contentStale = true;
  let writesInFlight = 0;
  let pending: Promise<Versions> | undefined;
  // A read that started before an invalidation must not store its (older) answer.
  let generation = 0;
  const fresh = () => last !== undefined && performance.now() - fetchedAt < maxAgeMs;
  const read = (): Promise<Versions> => {
    if (pending) return pending;
    const started = generation;
    const reading = readVersions(db).then((versions) => {
      if (started === generation) {
        last = versions;
        fetchedAt = performance.now();
        contentStale = writesInFlight > 0;
        pending = undefined;
      }
      return versions;
    });
    reading.catch(() => {
      if (started === generation) pending = undefined;
    });
    pending = reading;
    return reading;
  };
  const forget = () => {
    generation++;
    pending = undefined;
  };
  /** At a write's start and end: the next read of the content version asks the database. */
  const forgetContent = () => {
    forget();
    contentStale = true;
  };
  return {
    async current() {
      if (last && fresh() && !contentStale) return last.content;
      return (await read()).content;
    },
    peek() {
      return last && fresh() && !contentStale ? last.content : undefined;
    },
    beginWrite() {
      forgetContent();
      writesInFlight++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        writesInFlight--;
        forgetContent();
      };
    },
    async settings() {
      if (last && fresh()) return last.settings;
      return (await read()).settings;
    },
    invalidateSettings() {
      forget();
      last = undefined;
      fetchedAt = 0;
    },
  };
}
