import { useCallback, useEffect, useRef, useState } from "react";
import {
  applyMarkOutcomes,
  type MarkOutcome,
  markLocally,
  type QueuedMark,
  type SheetMember,
  withPendingMarks,
} from "~/features/events/attendance-sheet";
import { createOfflineQueue, type OfflineQueue } from "~/lib/offline-queue";
import type { SyncState } from "./use-check-in-desk";

/**
 * An attendance sheet on a phone: a tap ticks a member at once, the mark waits in the device's
 * queue and is sent when there is a network (now, when it comes back, on the next page load),
 * as check-ins are (use-check-in-desk.ts).
 */

const BATCH_SIZE = 100;
const RETRY_MS = 30_000;
const queueKey = (eventId: string) => `attendance:${eventId}:queue`;

class Refused extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}`);
  }
}

async function postMarks(eventId: string, batch: QueuedMark[]): Promise<MarkOutcome[]> {
  const response = await fetch(`/api/events/${encodeURIComponent(eventId)}/attendance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ marks: batch }),
  });
  if (!response.ok) throw new Refused(response.status);
  return ((await response.json()) as { results: MarkOutcome[] }).results;
}

type QueueRef = { current: OfflineQueue<QueuedMark> | null };

/** Made on first use: the server renders the page without a localStorage. */
function queueOf(ref: QueueRef, eventId: string): OfflineQueue<QueuedMark> {
  ref.current ??= createOfflineQueue<QueuedMark>(localStorage, queueKey(eventId), BATCH_SIZE);
  return ref.current;
}

/** Mount once per event (keyed by its id): the queue is the event's. */
export function useAttendanceSheet(eventId: string, loaded: SheetMember[]) {
  // Null until the device's waiting marks are laid over the server's list.
  const [merged, setMembers] = useState<SheetMember[] | null>(null);
  const [sync, setSync] = useState<SyncState | null>(null);
  const queueRef = useRef<OfflineQueue<QueuedMark>>(null);

  const flush = useCallback(async () => {
    const queue = queueOf(queueRef, eventId);
    const waiting = queue.pending().length;
    if (!navigator.onLine || waiting === 0) {
      setSync({ waiting, sending: false, refused: null });
      return;
    }
    setSync({ waiting, sending: true, refused: null });
    let refused: number | null = null;
    await queue.flush(async (batch) => {
      const outcomes = await postMarks(eventId, batch).catch((error: unknown) => {
        if (error instanceof Refused) refused = error.status;
        throw error;
      });
      setMembers((current) => current && applyMarkOutcomes(current, outcomes));
    });
    // A tap made while a batch was on its way is newer than the server's answer to it.
    setMembers((current) => current && withPendingMarks(current, queue.pending()));
    setSync({ waiting: queue.pending().length, sending: false, refused });
  }, [eventId]);

  useEffect(() => setMembers(withPendingMarks(loaded, queueOf(queueRef, eventId).pending())), [eventId, loaded]);
  useEffect(() => {
    void flush();
    const retry = setInterval(() => void flush(), RETRY_MS);
    window.addEventListener("online", flush);
    return () => {
      clearInterval(retry);
      window.removeEventListener("online", flush);
    };
  }, [flush]);

  const members = merged ?? loaded;
  const mark = (studentId: string, present: boolean) => {
    const local = markLocally(members, studentId, present, new Date());
    setMembers(local.members);
    queueOf(queueRef, eventId).add(local.queued);
    void flush();
  };

  return { members, sync, mark, ready: merged !== null };
}
