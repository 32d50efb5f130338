import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { rateLimits } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";

export interface RateLimitVerdict {
  limited: boolean;
  /** Seconds until the client's window starts over (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt of `key` in a fixed window, in the database's rate-limit table (the one
 * better-auth uses for sign-ins, under keys of our own prefix), so every app process shares
 * the count. One statement: concurrent attempts cannot both slip under the limit.
 */
export async function countAttempt(
  db: Database,
  key: string,
  { max, windowSeconds, now = Date.now() }: { max: number; windowSeconds: number; now?: number },
): Promise<RateLimitVerdict> {
  const windowStart = now - windowSeconds * 1000;
  const expired = sql`${rateLimits.lastRequest} < ${windowStart}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // For these keys last_request holds the start of the current window.
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
  const count = row?.count ?? 1;
  const windowEnds = (row?.windowStartedAt ?? now) + windowSeconds * 1000;
  return { limited: count > max, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}

/**
 * Counts attempts of a key in this process's memory, in the same fixed windows: for limits
 * that guard this process's own time (its renders), where a count shared by every process
 * would cost a database write per request. Holds at most `maxKeys` windows, oldest dropped.
 */
export function createMemoryCounter({
  max,
  windowSeconds,
  maxKeys = 100_000,
}: {
  max: number;
  windowSeconds: number;
  maxKeys?: number;
}): (key: string, now?: number) => RateLimitVerdict {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: maxKeys });
  const windowMs = windowSeconds * 1000;
  return (key, now = Date.now()) => {
    let window = windows.get(key);
    if (!window || window.startedAt <= now - windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
    return { limited: window.count > max, retryAfterSeconds };
  };
}
