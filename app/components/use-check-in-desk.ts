import { useCallback, useEffect, useRef, useState } from "react";
import {
  applyServerOutcomes,
  type CheckInCard,
  cardAfterOutcomes,
  checkInLocally,
  type DeskState,
  type HeldTicket,
  mergeHeld,
  type QueuedCheckIn,
  type ServerOutcome,
} from "~/features/events/check-in";
import { createOfflineQueue, type OfflineQueue } from "~/lib/offline-queue";

/**
 * A door device's check-ins: decided at once from the list it holds, queued on the device,
 * and sent when there is a network (now, when it comes back, on the next page load).
 */

export interface SyncState {
  waiting: number;
  sending: boolean;
  /** The status of the server's refusal of the last batch (a session that ended), if it refused. */
  refused: number | null;
}

/** A new key for each check-in, so a screen reader announces the same outcome twice. */
export interface ShownCard {
  card: CheckInCard;
  key: number;
}

const BATCH_SIZE = 100;
const RETRY_MS = 30_000;
const deskKey = (eventId: string) => `check-in:${eventId}:desk`;
const queueKey = (eventId: string) => `check-in:${eventId}:queue`;

function readStoredDesk(eventId: string): DeskState | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(deskKey(eventId)) ?? "null") as DeskState | null;
    return Array.isArray(stored?.tickets) && Array.isArray(stored.duplicates) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function storeDesk(eventId: string, desk: DeskState) {
  try {
    localStorage.setItem(deskKey(eventId), JSON.stringify(desk));
  } catch {
    // A full or refused storage: the page still works until it is closed.
  }
}

class Refused extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}`);
  }
}

async function postCheckIns(eventId: string, batch: QueuedCheckIn[]): Promise<ServerOutcome[]> {
  const response = await fetch(`/api/events/${encodeURIComponent(eventId)}/check-ins`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ check_ins: batch }),
  });
  if (!response.ok) throw new Refused(response.status);
  return ((await response.json()) as { results: ServerOutcome[] }).results;
}

type QueueRef = { current: OfflineQueue<QueuedCheckIn> | null };

/** Made on first use: the server renders the page without a localStorage. */
function queueOf(ref: QueueRef, eventId: string): OfflineQueue<QueuedCheckIn> {
  ref.current ??= createOfflineQueue<QueuedCheckIn>(localStorage, queueKey(eventId), BATCH_SIZE);
  return ref.current;
}

/** Mount once per event (keyed by its id): the queue and the stored list are the event's. */
export function useCheckInDesk(eventId: string, loaded: HeldTicket[]) {
  // Null until the device's copy is merged in: the server's HTML knows nothing of it.
  const [merged, setDesk] = useState<DeskState | null>(null);
  const [shown, setShown] = useState<ShownCard | null>(null);
  const [sync, setSync] = useState<SyncState | null>(null);
  const queueRef = useRef<OfflineQueue<QueuedCheckIn>>(null);
  const desk = merged ?? { tickets: loaded, duplicates: [] };

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
      const outcomes = await postCheckIns(eventId, batch).catch((error: unknown) => {
        if (error instanceof Refused) refused = error.status;
        throw error;
      });
      setDesk((current) => current && applyServerOutcomes(current, batch, outcomes));
      setShown((current) => current && { ...current, card: cardAfterOutcomes(current.card, batch, outcomes) });
    });
    setSync({ waiting: queue.pending().length, sending: false, refused });
  }, [eventId]);

  useEffect(() => setDesk(mergeHeld(loaded, readStoredDesk(eventId))), [eventId, loaded]);
  useEffect(() => {
    if (merged) storeDesk(eventId, merged);
  }, [eventId, merged]);
  useEffect(() => {
    void flush();
    const retry = setInterval(() => void flush(), RETRY_MS);
    window.addEventListener("online", flush);
    return () => {
      clearInterval(retry);
      window.removeEventListener("online", flush);
    };
  }, [flush]);

  const checkIn = (text: string) => {
    const local = checkInLocally(desk, text, new Date());
    setDesk(local.desk);
    setShown((current) => ({ card: local.card, key: (current?.key ?? 0) + 1 }));
    if (local.queued) {
      queueOf(queueRef, eventId).add(local.queued);
      void flush();
    }
  };

  return { desk, shown, sync, checkIn };
}
