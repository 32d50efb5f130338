import { describe, expect, it } from "vitest";
import {
  applyServerOutcomes,
  type CheckInCard,
  cardAfterOutcomes,
  checkInLocally,
  clockTime,
  type DeskState,
  type HeldTicket,
  mergeHeld,
  type ServerOutcome,
  ticketDigitsOf,
} from "~/features/events/check-in";
import { en } from "../support/messages";

const ANA: HeldTicket = {
  code: "ABCDE-F0123-45678-9ABCD",
  name: "Ana",
  teamName: "Bits",
  batch: 7,
  checkedInAt: null,
};
const BO: HeldTicket = { code: "11111-22222-33333-44444", name: "Bo", teamName: null, batch: null, checkedInAt: null };
const desk = (tickets: HeldTicket[] = [ANA, BO]): DeskState => ({ tickets, duplicates: [] });
const NOW = new Date("2031-06-01T04:05:00.000Z");

describe("ticket codes as typed or scanned", () => {
  it("ignore case, spaces and dashes, and find a grouped code inside a scanned link", () => {
    for (const text of ["abcde-f0123-45678-9abcd", " ABCDE F0123 45678 9ABCD ", "abcdef0123456789abcd"]) {
      expect(ticketDigitsOf(text)).toBe("ABCDEF0123456789ABCD");
    }
    expect(ticketDigitsOf("https://club.example/tickets/abcde-f0123-45678-9abcd")).toBe("ABCDEF0123456789ABCD");
    expect(ticketDigitsOf("ABCDE-F0123")).toBeUndefined();
    expect(ticketDigitsOf("hello")).toBeUndefined();
  });
});

describe("checking in on the device", () => {
  it("marks a held ticket at once and queues it with the device's time", () => {
    const local = checkInLocally(desk(), "abcde f0123 45678 9abcd", NOW);
    expect(local.card).toEqual({ status: "checked_in", ticket: ANA });
    expect(local.queued).toEqual({ code: ANA.code, at: NOW.toISOString() });
    expect(local.desk.tickets[0]?.checkedInAt).toBe(NOW.toISOString());
  });

  it("answers a second check-in from the list, and queues nothing", () => {
    const first = checkInLocally(desk(), ANA.code, NOW);
    const second = checkInLocally(first.desk, ANA.code, new Date("2031-06-01T05:00:00Z"));
    expect(second.card).toMatchObject({ status: "already", ticket: { name: "Ana" }, at: NOW.toISOString() });
    expect(second.queued).toBeUndefined();
  });

  it("shows a code the list lacks as no ticket, but lets the server decide", () => {
    const local = checkInLocally(desk(), "99999-88888-77777-66666", NOW);
    expect(local.card).toEqual({ status: "invalid", code: "99999-88888-77777-66666" });
    expect(local.queued?.code).toBe("99999-88888-77777-66666");
    const garbage = checkInLocally(desk(), "not a ticket", NOW);
    expect(garbage.card).toEqual({ status: "invalid", code: "not a ticket" });
    expect(garbage.queued).toBeUndefined();
  });
});

describe("the server's answers", () => {
  const sentAt = NOW.toISOString();
  const earlier = "2031-06-01T03:59:00.000Z";
  const checkedIn: ServerOutcome = { code: ANA.code, status: "checked_in", name: "Ana", checked_in_at: sentAt };
  const elsewhere: ServerOutcome = { code: ANA.code, status: "already", name: "Ana", checked_in_at: earlier };

  it("replace the device's times, and list as duplicates those another device checked in first", () => {
    const local = checkInLocally(desk(), ANA.code, NOW);
    const sent = [local.queued!];
    expect(applyServerOutcomes(local.desk, sent, [checkedIn])).toEqual(local.desk);
    const answered = applyServerOutcomes(local.desk, sent, [elsewhere]);
    expect(answered.tickets[0]?.checkedInAt).toBe(earlier);
    expect(answered.duplicates).toEqual([{ code: ANA.code, name: "Ana", firstAt: earlier }]);
    // The same answer again (a batch sent twice) lists them once.
    expect(applyServerOutcomes(answered, sent, [elsewhere]).duplicates).toHaveLength(1);
  });

  it("take an `already` with this device's own time as its own check-in sent twice, not a duplicate", () => {
    const local = checkInLocally(desk(), ANA.code, NOW);
    const again: ServerOutcome = { ...checkedIn, status: "already" };
    expect(applyServerOutcomes(local.desk, [local.queued!], [again]).duplicates).toEqual([]);
  });

  it("undo a local check-in the server calls invalid (a place cancelled since the list was loaded)", () => {
    const local = checkInLocally(desk(), BO.code, NOW);
    const answered = applyServerOutcomes(local.desk, [local.queued!], [{ code: BO.code, status: "invalid" }]);
    expect(answered.tickets[1]?.checkedInAt).toBeNull();
  });

  it("turn the card shown into the server's verdict", () => {
    const local = checkInLocally(desk(), ANA.code, NOW);
    const sent = [local.queued!];
    expect(cardAfterOutcomes(local.card, sent, [checkedIn])).toEqual(local.card);
    expect(cardAfterOutcomes(local.card, sent, [elsewhere])).toEqual({ status: "already", ticket: ANA, at: earlier });
    expect(cardAfterOutcomes(local.card, sent, [{ code: ANA.code, status: "invalid" }])).toEqual({
      status: "invalid",
      code: ANA.code,
    });
    const unknown: CheckInCard = { status: "invalid", code: "99999-88888-77777-66666" };
    const known: ServerOutcome = { code: unknown.code, status: "checked_in", name: "Cy", checked_in_at: sentAt };
    expect(cardAfterOutcomes(unknown, [{ code: unknown.code, at: sentAt }], [known])).toEqual({
      status: "checked_in",
      ticket: { code: unknown.code, name: "Cy", teamName: null, batch: null },
    });
    // A card about someone else is left alone.
    expect(cardAfterOutcomes(local.card, [], [{ code: BO.code, status: "invalid" }])).toBe(local.card);
  });

  it("leave a second scan's `already` card as it is when the first scan's answer comes", () => {
    const first = checkInLocally(desk(), ANA.code, NOW);
    const second = checkInLocally(first.desk, ANA.code, NOW);
    expect(cardAfterOutcomes(second.card, [first.queued!], [checkedIn])).toBe(second.card);
  });
});

describe("the list kept on the device", () => {
  it("takes who holds a ticket from the page, and the earlier of two check-in times", () => {
    const stored: DeskState = {
      tickets: [
        { ...ANA, checkedInAt: "2031-06-01T04:00:00.000Z" },
        { ...BO, checkedInAt: "2031-06-01T04:10:00.000Z" },
      ],
      duplicates: [{ code: BO.code, name: "Bo", firstAt: "2031-06-01T04:09:00.000Z" }],
    };
    const cyTicket = { ...BO, code: "22222-33333-44444-55555", name: "Cy" };
    const loaded = [ANA, { ...BO, checkedInAt: "2031-06-01T04:09:00.000Z" }, cyTicket];
    const merged = mergeHeld(loaded, stored);
    expect(merged.tickets.map((ticket) => ticket.checkedInAt)).toEqual([
      "2031-06-01T04:00:00.000Z",
      "2031-06-01T04:09:00.000Z",
      null,
    ]);
    expect(merged.duplicates).toEqual(stored.duplicates);
    expect(mergeHeld(loaded, undefined)).toEqual({ tickets: loaded, duplicates: [] });
  });
});

describe("texts", () => {
  it("count check-ins and show times where the club is", () => {
    expect(en("tools.checkIn.offline", { count: 1 })).toBe("Offline: 1 check-in waiting to be sent");
    expect(en("tools.checkIn.offline", { count: 3 })).toBe("Offline: 3 check-ins waiting to be sent");
    expect(clockTime("2031-06-01T04:05:00Z", "Asia/Dhaka")).toBe("10:05");
    expect(en("tools.checkIn.already", { time: clockTime("2031-06-01T17:30:00Z", "Asia/Dhaka") })).toBe(
      "Already checked in at 23:30",
    );
  });
});
