import { LRUCache } from "lru-cache";

export interface VersionedCache {
  /**
   * What `load` answers for `key` under the current version: loaded once per version (callers
   * asking at the same time share one load), never past `ttlMs`. A failed load is not kept.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * Answers kept per version of what they were read from: a new version makes every older
 * answer unreachable, so nothing needs to be invalidated by hand. Bounded by entry count.
 */
export function createVersionedCache({
  currentVersion,
  maxEntries = 1_000,
  ttlMs = 60_000,
}: {
  currentVersion: () => Promise<string>;
  maxEntries?: number;
  ttlMs?: number;
}): VersionedCache {
  const answers = new LRUCache<string, Promise<unknown>>({ max: maxEntries, ttl: ttlMs });
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const versionedKey = `${await currentVersion()} ${key}`;
      const cached = answers.get(versionedKey) as Promise<T> | undefined;
      if (cached) return cached;
      const loading = load();
      answers.set(versionedKey, loading);
      loading.catch(() => {
        if (answers.get(versionedKey) === loading) answers.delete(versionedKey);
      });
      return loading;
    },
  };
}
