import crypto from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendees } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import { renderCertificatePdf } from "~/features/events/certificate-pdf.server";
import {
  certificatesOfEvent,
  certificatesOfUser,
  countWaitingForCertificates,
  findCertificate,
  issueCertificates,
  newCertificateCode,
  normaliseCertificateCode,
} from "~/features/events/certificates.server";
import { register } from "~/features/events/registrations.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";
import { pdfFirstPagePng, pdfFonts, pdfTextLines } from "../support/pdf-tools";

/** Certificates of attendance: issuing, finding by code, and the PDF, on PGlite or on TEST_DATABASE_URL's server. */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const TZ = "Asia/Dhaka";
/** Registration is open then; the test events start at 10:00 in Dhaka on 1 June 2031 (04:00 UTC). */
const BEFORE = new Date("2031-05-15T06:00:00Z");
const AFTER = new Date("2031-06-01T05:00:00Z");
const newPerson = (accountName: string, profileName?: string) =>
  addAccount(testDb.db, accountName, profileName ? { name: profileName, batch: 8 } : undefined);
const newEvent = (extra: Record<string, string> = {}) =>
  addEvent(testDb.db, { eventType: "WorkShop", name: `Workshop ${uniqueSuffix()}`, problem_number: "0", ...extra });

/** Registers the person (an admin may, before any date) and returns their attendee id. */
async function registered(eventId: string, person: { id: string; email: string }) {
  const outcome = await register(testDb.db, {
    eventId,
    registrant: person,
    input: { members: [] },
    now: BEFORE,
    timeZone: TZ,
    byAdmin: true,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.message));
  const [attendee] = await testDb.db
    .select()
    .from(attendees)
    .where(eq(attendees.registrationId, outcome.registrationId));
  if (!attendee) throw new Error("no attendee");
  return attendee.id;
}

const checkIn = (attendeeId: string) =>
  testDb.db.update(attendees).set({ checkedInAt: AFTER }).where(eq(attendees.id, attendeeId));

describe("issuing certificates", () => {
  it("issues one to each checked-in person, once, with the names and date of the day it was issued", async () => {
    const event = await newEvent();
    const member = await newPerson("ayesha77", "Ayesha Rahman");
    const guest = await newPerson("Karim Uddin");
    const late = await newPerson("Late Comer");
    const gone = await newPerson("Cancelled Person");
    await checkIn(await registered(event._id, member));
    await checkIn(await registered(event._id, guest));
    const lateAttendee = await registered(event._id, late);
    const goneAttendee = await registered(event._id, gone);
    await checkIn(goneAttendee);
    await testDb.db.update(attendees).set({ active: false }).where(eq(attendees.id, goneAttendee));

    expect(await countWaitingForCertificates(testDb.db, event._id)).toBe(2);
    expect(await issueCertificates(testDb.db, event._id, AFTER)).toEqual({
      ok: true,
      issued: 2,
      total: 2,
      eventName: event.name,
    });
    expect(await issueCertificates(testDb.db, event._id, AFTER)).toEqual({
      ok: true,
      issued: 0,
      total: 2,
      eventName: event.name,
    });
    await checkIn(lateAttendee);
    expect(await issueCertificates(testDb.db, event._id, AFTER)).toEqual({
      ok: true,
      issued: 1,
      total: 3,
      eventName: event.name,
    });

    const listed = await certificatesOfEvent(testDb.db, event._id);
    expect(listed.map((certificate) => certificate.personName)).toEqual(["Ayesha Rahman", "Karim Uddin", "Late Comer"]);
    expect(listed.every((certificate) => certificate.eventName === event.name)).toBe(true);
    expect(listed.every((certificate) => certificate.eventDate === "2031-06-01")).toBe(true);
    // The event's later renaming leaves issued certificates as they were.
    expect(
      await collectionServices.events.update(testDb.db, event._id, { ...event, name: "Renamed" }, null),
    ).toMatchObject({
      ok: true,
    });
    expect((await certificatesOfUser(testDb.db, member.id)).map((certificate) => certificate.eventName)).toEqual([
      event.name,
    ]);
    expect(await certificatesOfUser(testDb.db, gone.id)).toEqual([]);
  });

  it("refuses before the event has started, and answers 404 for an event that does not exist", async () => {
    const event = await newEvent();
    await checkIn(await registered(event._id, await newPerson("Early Bird")));
    expect(await issueCertificates(testDb.db, event._id, new Date("2031-06-01T03:59:00Z"))).toEqual({
      ok: false,
      status: 409,
      message:
        "Certificates are for attendance: they can be issued once the event has started (1 June 2031, 10:00 AM).",
    });
    expect(await certificatesOfEvent(testDb.db, event._id)).toEqual([]);
    expect(await issueCertificates(testDb.db, crypto.randomUUID(), AFTER)).toMatchObject({ ok: false, status: 404 });
    expect(await issueCertificates(testDb.db, "not-an-id", AFTER)).toMatchObject({ ok: false, status: 404 });
  });

  it("dates an undated event's certificates with the day they are issued where the club is", async () => {
    const event = await newEvent({ starts_on: "" });
    await checkIn(await registered(event._id, await newPerson("Night Owl")));
    // 20:00 UTC is already the next day in Dhaka.
    expect(await issueCertificates(testDb.db, event._id, new Date("2031-07-09T20:00:00Z"))).toMatchObject({
      issued: 1,
    });
    expect((await certificatesOfEvent(testDb.db, event._id))[0]?.eventDate).toBe("2031-07-10");
  });

  it("issues nobody twice when two admins issue at once", async () => {
    const event = await newEvent();
    for (let i = 0; i < 5; i++) await checkIn(await registered(event._id, await newPerson(`Crowd ${i}`)));
    const outcomes = await Promise.all([1, 2, 3].map(() => issueCertificates(testDb.db, event._id, AFTER)));
    expect(outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.issued : 0), 0)).toBe(5);
    expect(await certificatesOfEvent(testDb.db, event._id)).toHaveLength(5);
  });
});

describe("certificate codes", () => {
  it("are 12 symbols of Crockford's base32 in three groups, and different each time", () => {
    const codes = Array.from({ length: 2000 }, newCertificateCode);
    expect(codes.every((code) => /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("are read in any case, with or without dashes or spaces, O as 0 and I or L as 1", () => {
    expect(normaliseCertificateCode("7kq2m9xd4hta")).toBe("7KQ2-M9XD-4HTA");
    expect(normaliseCertificateCode(" 7kq2 m9xd-4hta ")).toBe("7KQ2-M9XD-4HTA");
    expect(normaliseCertificateCode("OIL0-0000-0000")).toBe("0110-0000-0000");
    expect(normaliseCertificateCode("7KQ2-M9XD-4HT")).toBeUndefined();
    expect(normaliseCertificateCode("7KQ2-M9XD-4HTU")).toBeUndefined();
  });

  it("find their certificate however they are typed, and nothing for a code nobody was given", async () => {
    const event = await newEvent();
    await checkIn(await registered(event._id, await newPerson("Typed Code")));
    await issueCertificates(testDb.db, event._id, AFTER);
    const [certificate] = await certificatesOfEvent(testDb.db, event._id);
    if (!certificate) throw new Error("no certificate");
    for (const typed of [certificate.code, certificate.code.toLowerCase(), certificate.code.replaceAll("-", "")]) {
      expect(await findCertificate(testDb.db, typed)).toEqual(certificate);
    }
    expect(await findCertificate(testDb.db, newCertificateCode())).toBeUndefined();
    expect(await findCertificate(testDb.db, "'; drop table certificates; --")).toBeUndefined();
  });
});

describe("the certificate's PDF", () => {
  const input = {
    clubName: "CSE Programming Club",
    personName: "Ayesha Rahman",
    eventName: "Intra-University Programming Contest 2031",
    eventDate: "2031-06-01",
    code: "7KQ2-M9XD-4HTA",
    verifyUrl: "https://club.example.org/certificates/7KQ2-M9XD-4HTA",
  };

  it("is one A4 landscape page that names the person, the event, the date and how to check it", async () => {
    const pdf = await renderCertificatePdf(input);
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const size = doc.getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([842, 595]);
    expect(await pdfTextLines(pdf)).toEqual([
      "CSE PROGRAMMING CLUB",
      "CERTIFICATE OF PARTICIPATION",
      "This certifies that",
      "Ayesha Rahman",
      "took part in",
      input.eventName,
      "held on 1 June 2031",
      "Certificate code  7KQ2-M9XD-4HTA",
      `Check it at ${input.verifyUrl}`,
    ]);
    expect(doc.getSubject()).toBe("Certificate code 7KQ2-M9XD-4HTA");
    // Only the glyphs drawn are embedded: a few kilobytes of two fonts, not their 280 KB.
    expect(await pdfFonts(pdf)).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(/^[A-Z]{6}\+NotoSansBengali-Bold$/),
        embedded: true,
        subset: true,
      }),
      expect.objectContaining({
        name: expect.stringMatching(/^[A-Z]{6}\+NotoSansBengali-Regular$/),
        embedded: true,
        subset: true,
      }),
    ]);
    expect(pdf.byteLength).toBeLessThan(40_000);
  });

  it("prints Bangla names as written: a reader copies back the very letters, and the page shows them shaped", async () => {
    const bangla = {
      ...input,
      clubName: "সিএসই প্রোগ্রামিং ক্লাব",
      personName: "মোঃ রহিম উদ্দিন",
      eventName: "ভাষা দিবস কর্মশালা: ক্ষুদ্র প্রস্তুতি Seminar",
    };
    const pdf = await renderCertificatePdf(bangla);
    const lines = await pdfTextLines(pdf);
    expect(lines).toEqual(expect.arrayContaining([bangla.clubName, bangla.personName, bangla.eventName]));
    expect(lines.join("\n")).not.toContain("?");
    expect(lines.join("\n")).not.toContain("Some letters can't be printed here");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe(`Certificate of Participation: ${bangla.personName}, ${bangla.eventName}`);
    expect(pdf.byteLength).toBeLessThan(40_000);
    // For a person to look at (conjuncts, reph, vowel signs before their consonant).
    const png = await pdfFirstPagePng(pdf, 100, path.resolve("test-results/certificate-bangla.png"));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("draws letters no font of it has as question marks and says so, keeping them whole in its title", async () => {
    const pdf = await renderCertificatePdf({ ...input, personName: "王小明 রহিম", eventName: "Семинар ভাষা দিবস" });
    expect(await pdfTextLines(pdf)).toEqual(
      expect.arrayContaining([
        "??? রহিম",
        "??????? ভাষা দিবস",
        "Some letters can't be printed here: the page at the address below shows every name in full.",
      ]),
    );
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe("Certificate of Participation: 王小明 রহিম, Семинар ভাষা দিবস");
  });
});
