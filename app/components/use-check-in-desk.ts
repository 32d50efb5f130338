import { useEffect, useState } from "react";
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
import { useOfflineSync } from "./use-offline-sync";

/**
 * A door device's check-ins: decided at once from the list it holds, queued on the device,
 * and sent when there is a network (now, when it comes back, on the next page load).
 */

export type { SyncState } from "./use-offline-sync";

/** A new key for each check-in, so a screen reader announces the same outcome twice. */
export interface ShownCard {
  card: CheckInCard;
  key: number;
}

const deskKey = (eventId: string) => `check-in:${eventId}:desk`;

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

/** Mount once per event (keyed by its id): the queue and the stored list are the event's. */
export function useCheckInDesk(eventId: string, loaded: HeldTicket[]) {
  // Null until the device's copy is merged in: the server's HTML knows nothing of it.
  const [merged, setDesk] = useState<DeskState | null>(null);
  const [shown, setShown] = useState<ShownCard | null>(null);
  const desk = merged ?? { tickets: loaded, duplicates: [] };
  const { sync, send } = useOfflineSync<QueuedCheckIn, ServerOutcome>({
    storageKey: `check-in:${eventId}:queue`,
    url: `/api/events/${encodeURIComponent(eventId)}/check-ins`,
    field: "check_ins",
    onSent: (batch, outcomes) => {
      setDesk((current) => current && applyServerOutcomes(current, batch, outcomes));
      setShown((current) => current && { ...current, card: cardAfterOutcomes(current.card, batch, outcomes) });
    },
  });

  useEffect(() => setDesk(mergeHeld(loaded, readStoredDesk(eventId))), [eventId, loaded]);
  useEffect(() => {
    if (merged) storeDesk(eventId, merged);
  }, [eventId, merged]);

  const checkIn = (text: string) => {
    const local = checkInLocally(desk, text, new Date());
    setDesk(local.desk);
    setShown((current) => ({ card: local.card, key: (current?.key ?? 0) + 1 }));
    if (local.queued) send(local.queued);
  };

  return { desk, shown, sync, checkIn };
}
