import { normalizeIP } from "@better-auth/core/utils";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { rateLimits } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";

export interface RateLimitVerdict {
  limited: boolean;
  /** Seconds until the client's window starts over (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * One IPv6 client holds a whole /64 (a home's or a phone network's prefix), and can take a
 * new address from it for every request: limits count the /64, as better-auth's sign-in
 * limits do (app/features/accounts/auth.server.ts sets the same value).
 */
export const IPV6_SUBNET = 64;

/** The client a limit counts: an IPv4 address (IPv4-mapped IPv6 included), or an IPv6 address's /64. */
export function clientKey(clientIp: string): string {
  // Every render the cache can't answer is counted: an IPv4 address (no colon) needs no parsing.
  if (!clientIp.includes(":")) return clientIp.toLowerCase();
  return normalizeIP(clientIp, { ipv6Subnet: IPV6_SUBNET });
}

/**
 * Counts one attempt of a client at `scope` ("public-form", "upload") in a fixed window, in the
 * database's rate-limit table (the one better-auth uses for sign-ins, under keys of our own
 * prefix), so every app process shares the count. One statement: concurrent attempts cannot
 * both slip under the limit. `cost` counts one request as several (a team naming three people
 * is three invitations); a limit per account passes the account's id for `clientIp`.
 */
export async function countAttempt(
  db: Database,
  scope: string,
  clientIp: string,
  { max, windowSeconds, now = Date.now(), cost = 1 }: RateLimit & { now?: number; cost?: number },
): Promise<RateLimitVerdict> {
  const key = `${scope}:${clientKey(clientIp)}`;
  const windowStart = now - windowSeconds * 1000;
  const expired = sql`${rateLimits.lastRequest} < ${windowStart}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: cost, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // For these keys last_request holds the start of the current window.
      set: {
        count: sql`case when ${expired} then ${cost}::int else ${rateLimits.count} + ${cost}::int end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
  const count = row?.count ?? cost;
  const windowEnds = (row?.windowStartedAt ?? now) + windowSeconds * 1000;
  return { limited: count > max, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}

/**
 * Counts a client's attempts in this process's memory, in the same fixed windows: for limits
 * that guard this process's own time (its renders), where a count shared by every process
 * would cost a database write per request. Holds at most `maxKeys` windows, oldest dropped.
 */
export function createMemoryCounter({
  max,
  windowSeconds,
  maxKeys = 100_000,
}: RateLimit & { maxKeys?: number }): (clientIp: string, now?: number) => RateLimitVerdict {
  // Bounded by size, not `max`: with `max` lru-cache allocates its arrays for every key up
  // front (3 MB for 100,000), most of which a club's server never uses.
  const windows = new LRUCache<string, { startedAt: number; count: number }>({
    maxSize: maxKeys,
    sizeCalculation: () => 1,
  });
  const windowMs = windowSeconds * 1000;
  return (clientIp, now = Date.now()) => {
    const key = clientKey(clientIp);
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
