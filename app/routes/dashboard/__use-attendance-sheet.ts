import { useEffect, useState } from "react";
import { useOfflineSync } from "~/components/use-offline-sync";
import {
  applyMarkOutcomes,
  type MarkOutcome,
  markLocally,
  type QueuedMark,
  type SheetMember,
  withPendingMarks,
} from "~/features/events/attendance-sheet";

/**
 * An attendance sheet on a phone: a tap ticks a member at once, and the mark is sent as
 * check-ins are (use-offline-sync.ts).
 */

/** Mount once per event (keyed by its id): the queue is the event's. */
export function useAttendanceSheet(eventId: string, loaded: SheetMember[]) {
  // Null until the device's waiting marks are laid over the server's list.
  const [merged, setMembers] = useState<SheetMember[] | null>(null);
  const { sync, pending, send } = useOfflineSync<QueuedMark, MarkOutcome>({
    storageKey: `attendance:${eventId}:queue`,
    url: `/api/events/${encodeURIComponent(eventId)}/attendance`,
    field: "marks",
    onSent: (_batch, outcomes) => setMembers((current) => current && applyMarkOutcomes(current, outcomes)),
    // A tap made while a batch was on its way is newer than the server's answer to it.
    onSettled: (waiting) => setMembers((current) => current && withPendingMarks(current, waiting)),
  });

  useEffect(() => setMembers(withPendingMarks(loaded, pending())), [pending, loaded]);

  const members = merged ?? loaded;
  const mark = (studentId: string, present: boolean) => {
    const local = markLocally(members, studentId, present, new Date());
    setMembers(local.members);
    send(local.queued);
  };

  return { members, sync, mark, ready: merged !== null };
}
