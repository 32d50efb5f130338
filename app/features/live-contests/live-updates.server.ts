import type { Database } from "~/db/client.server";
import type { LiveBoard } from "./live-contests";
import { liveVersionOf, publicLiveBoard } from "./live-contests.server";

/**
 * The live pages' updates in one process: while anyone watches a contest, its board's version
 * is read every `CHECK_MS` (one small query per contest and process, however many viewers) and
 * each watcher is told the new board when it changes. The follower may run in another process:
 * the database is what they share.
 */
const CHECK_MS = 500;

type Listener = (board: LiveBoard) => void;

interface Watch {
  listeners: Set<Listener>;
  version: string | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const watches = new Map<string, Watch>();

export function watchLiveBoard(db: Database, slug: string, listener: Listener): () => void {
  let watch = watches.get(slug);
  if (!watch) {
    watch = { listeners: new Set(), version: null, timer: null };
    watches.set(slug, watch);
  }
  watch.listeners.add(listener);
  if (!watch.timer) schedule(db, slug, watch);
  return () => {
    const current = watches.get(slug);
    if (!current) return;
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      if (current.timer) clearTimeout(current.timer);
      watches.delete(slug);
    }
  };
}

function schedule(db: Database, slug: string, watch: Watch) {
  watch.timer = setTimeout(() => void check(db, slug, watch), CHECK_MS);
  watch.timer.unref?.();
}

async function check(db: Database, slug: string, watch: Watch) {
  try {
    const version = await liveVersionOf(db, slug);
    if (version !== null && version !== watch.version) {
      const board = await publicLiveBoard(db, slug);
      if (board) {
        watch.version = board.version;
        for (const listener of watch.listeners) listener(board);
      }
    }
  } catch {
    // The database was unreachable for a moment: the next check tries again.
  }
  if (watches.get(slug) === watch && watch.listeners.size > 0) schedule(db, slug, watch);
}
