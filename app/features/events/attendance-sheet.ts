/**
 * The attendance sheet, the browser-safe part: the member list a phone holds, a tick or untick
 * made at once on it, and the server's answers laid over it. Marks wait in the device's offline
 * queue (app/lib/offline-queue.ts) like check-ins; the server keeps the latest mark of each member.
 */

/** One member as the sheet keeps them on the device: no address, it may be a volunteer's phone. */
export interface SheetMember {
  id: string;
  name: string;
  batch: number | null;
  /** Ticked on the sheet (here or on another device). */
  present: boolean;
  /** Checked in at the door with a ticket: came, whatever the sheet says. */
  checkedIn: boolean;
}

/** A mark as the device queues it: who, ticked or not, and when it happened there. */
export interface QueuedMark {
  student_id: string;
  present: boolean;
  at: string;
}

/** The server's answer to one mark: the member's state once the latest mark won, or `unknown`. */
export type MarkOutcome = { student_id: string; status: "present" | "absent" | "unknown" };

export const cameCount = (members: SheetMember[]) =>
  members.filter((member) => member.present || member.checkedIn).length;

/** The sheet after a tap, and the mark to queue. */
export function markLocally(
  members: SheetMember[],
  studentId: string,
  present: boolean,
  at: Date,
): { members: SheetMember[]; queued: QueuedMark } {
  return {
    members: members.map((member) => (member.id === studentId ? { ...member, present } : member)),
    queued: { student_id: studentId, present, at: at.toISOString() },
  };
}

/** The server's word replaces the device's guess (another phone may have marked later). */
export function applyMarkOutcomes(members: SheetMember[], outcomes: MarkOutcome[]): SheetMember[] {
  const states = new Map(outcomes.map((outcome) => [outcome.student_id, outcome.status]));
  return members.map((member) => {
    const status = states.get(member.id);
    return status === "present" || status === "absent" ? { ...member, present: status === "present" } : member;
  });
}

/** The list from the server, with the marks still waiting on this device laid over it. */
export function withPendingMarks(members: SheetMember[], pending: QueuedMark[]): SheetMember[] {
  const latest = new Map(pending.map((mark) => [mark.student_id, mark.present]));
  return members.map((member) => {
    const present = latest.get(member.id);
    return present === undefined ? member : { ...member, present };
  });
}

/** Compared without case, and Bangla typed in either composed or decomposed letters alike. */
const folded = (text: string) => text.normalize("NFKC").toLowerCase();

/** Members whose name has every word typed, or whose batch is the number typed. */
export function searchMembers(members: SheetMember[], query: string): SheetMember[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return members;
  return members.filter((member) => {
    const name = folded(member.name);
    return words.every((word) => name.includes(word) || String(member.batch ?? "") === word);
  });
}
