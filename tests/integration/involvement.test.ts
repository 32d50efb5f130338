import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attendees,
  contestRows,
  contests,
  eventAttendance,
  eventSeries,
  events,
  executives,
  students,
} from "~/db/schema";
import { listAttendance, recordAttendanceMarks, setVolunteer } from "~/features/events/attendance-sheet.server";
import { register } from "~/features/events/registrations.server";
import { type InvolvementWeights, sortInvolvement, termOf } from "~/features/involvement/involvement";
import { involvementOf, listInvolvement } from "~/features/involvement/involvement.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";
import { httpClient } from "../support/http-client";
import { pdfToText } from "../support/pdf-tools";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * The attendance sheet (marks as phones queue them, replayed; the door's check-ins beside them)
 * and involvement per term with weights, on a test database; then the API, the CSV and the
 * certificate through the built server, with who may use them.
 */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const STAFF = { id: null, email: "door@example.org", ip: "198.51.100.9" };
/** The first term of 2031 with the club's default term days (01-01, 07-01). */
const TERM = termOf("2031-03-15", ["01-01", "07-01"]);
const WEIGHTS: InvolvementWeights = { session: 1, event: 2, contest: 3, executive: 5, volunteer: 4 };
const NOW = new Date("2031-06-30T10:00:00Z");

async function member(name: string, batch = 9) {
  const account = await addAccount(testDb.db, name, { batch });
  const [row] = await testDb.db.select().from(students).where(eq(students.userId, account.id));
  if (!row) throw new Error("no member");
  return { ...account, studentId: row.id, name: row.name };
}

const marks = (eventId: string, list: { student_id: string; present: boolean; at: string }[]) =>
  recordAttendanceMarks(testDb.db, { eventId, marks: list, now: NOW, actor: STAFF });

async function sessionOn(day: string) {
  const event = await addEvent(testDb.db, {
    eventType: "WorkShop",
    starts_on: day,
    name: `Practice ${uniqueSuffix()}`,
  });
  const [series] = await testDb.db
    .insert(eventSeries)
    .values({
      frequency: "weekly",
      weekdays: [5],
      startsOn: day,
      startsAt: "16:00",
      durationMinutes: 120,
      timeZone: "Asia/Dhaka",
      template: {},
    })
    .returning();
  await testDb.db.update(events).set({ seriesId: series!.id }).where(eq(events.id, event._id));
  return event._id;
}

describe("the attendance sheet", () => {
  it("keeps each member's latest mark, whatever order the marks arrive in and however often", async () => {
    const eventId = await sessionOn("2031-06-06");
    const [ana, bo] = [await member("Ana Sheet"), await member("Bo Sheet")];
    const queue = [
      { student_id: ana.studentId, present: true, at: "2031-06-06T10:00:00Z" },
      { student_id: bo.studentId, present: true, at: "2031-06-06T10:01:00Z" },
      { student_id: bo.studentId, present: false, at: "2031-06-06T10:02:00Z" },
    ];
    const first = await marks(eventId, queue);
    expect(first.map((outcome) => outcome.status)).toEqual(["present", "absent", "absent"]);
    // The phone never heard back and sends the queue again: nothing changes.
    expect(await marks(eventId, queue)).toEqual(first);
    // Another phone's tick of Bo, made before the untick, arrives last: the untick stands.
    expect(await marks(eventId, [{ student_id: bo.studentId, present: true, at: "2031-06-06T10:01:30Z" }])).toEqual([
      { student_id: bo.studentId, status: "absent" },
    ]);
    // A tick from a clock in the future counts as now, so a later real mark still wins.
    await marks(eventId, [{ student_id: bo.studentId, present: true, at: "2099-01-01T00:00:00Z" }]);
    const [stored] = await testDb.db.select().from(eventAttendance).where(eq(eventAttendance.studentId, bo.studentId));
    expect(stored?.markedAt).toEqual(NOW);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await marks(eventId, [{ student_id: unknown, present: true, at: "2031-06-06T10:00:00Z" }])).toEqual([
      { student_id: unknown, status: "unknown" },
    ]);
  });

  it("an event's attendance is its checked-in registrants and its ticked members", async () => {
    const event = await addEvent(testDb.db, { starts_on: "2031-06-01" });
    const [door, sheet] = [await member("Cy Door"), await member("Di Sheet")];
    const registered = await register(testDb.db, {
      eventId: event._id,
      registrant: door,
      input: { members: [] },
      now: new Date("2031-05-20T00:00:00Z"),
      timeZone: "Asia/Dhaka",
    });
    if (!registered.ok) throw new Error("not registered");
    await testDb.db
      .update(attendees)
      .set({ checkedInAt: NOW })
      .where(eq(attendees.registrationId, registered.registrationId));
    await marks(event._id, [{ student_id: sheet.studentId, present: true, at: "2031-06-01T04:00:00Z" }]);
    expect((await listAttendance(testDb.db, event._id)).map((person) => person.name).sort()).toEqual([
      "Cy Door",
      "Di Sheet",
    ]);
  });
});

describe("involvement in a term", () => {
  it("counts sessions, events, contests and roles, weighted, inside the term only", async () => {
    const eve = await member("Eve Involved", 11);
    const tick = (eventId: string) =>
      marks(eventId, [{ student_id: eve.studentId, present: true, at: "2031-01-01T00:00:00Z" }]);
    for (const day of ["2031-02-07", "2031-02-14", "2031-02-21"]) await tick(await sessionOn(day));
    const workshop = await addEvent(testDb.db, { starts_on: "2031-03-01" });
    await tick(workshop._id);
    // After the term (1 July starts the next one) and a draft: neither counts.
    await tick((await addEvent(testDb.db, { starts_on: "2031-07-01" }))._id);
    const draft = await addEvent(testDb.db, { starts_on: "2031-03-02" });
    await tick(draft._id);
    await testDb.db.update(events).set({ status: "draft" }).where(eq(events.id, draft._id));
    await setVolunteer(testDb.db, { eventId: workshop._id, studentId: eve.studentId, volunteer: true, actor: STAFF });
    const contest = (slug: string, status: "published" | "preview") => ({
      slug,
      name: slug,
      status,
      scoring: "icpc" as const,
      format: "csv" as const,
      heldOn: "2031-04-04",
      problems: [],
      sourceName: "s.csv",
      source: new TextEncoder().encode("rank,name"),
    });
    const held = await testDb.db
      .insert(contests)
      .values([contest(`mock-${uniqueSuffix()}`, "published"), contest(`preview-${uniqueSuffix()}`, "preview")])
      .returning({ id: contests.id });
    await testDb.db.insert(contestRows).values(
      held.map(({ id }) => ({
        contestId: id,
        position: 1,
        name: "Team Eve",
        solved: 3,
        cells: {},
        members: [],
        studentIds: [eve.studentId],
      })),
    );
    // The 2030-2031 panel serves from 1 July 2030 to 30 June 2031.
    await testDb.db.insert(executives).values({
      name: eve.name,
      designation: "Treasurer",
      email: eve.email.toUpperCase(),
      photoURL: "/media/a.png",
      panel: "2030-2031",
    });

    const row = await involvementOf(testDb.db, { term: TERM, weights: WEIGHTS, studentId: eve.studentId });
    expect(row).toMatchObject({ sessions: 3, events: 1, contests: 1, executive: 1, volunteered: 1, roles: 2 });
    expect(row?.score).toBe(3 * 1 + 1 * 2 + 1 * 3 + 5 + 4);
    const next = termOf("2031-07-01", ["01-01", "07-01"]);
    expect(await involvementOf(testDb.db, { term: next, weights: WEIGHTS, studentId: eve.studentId })).toMatchObject({
      events: 1,
      executive: 0,
      score: 2,
    });

    const table = await listInvolvement(testDb.db, { term: TERM, weights: WEIGHTS });
    expect(table.find((entry) => entry._id === eve.studentId)?.score).toBe(17);
    expect(sortInvolvement(table, "-score")[0]?._id).toBe(eve.studentId);
    const byName = sortInvolvement(table, "name").map((entry) => entry.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
  });
});

describe("through the server", () => {
  const ADMIN = { name: "Sheet Admin", email: "sheet-admin@example.org", password: "admin-password-1" };
  const GENERAL = { name: "Gia General", email: "gia@example.org", password: "member-password-1" };
  let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
  let server: RunningServer;
  const { call, signUp } = httpClient(() => server.baseUrl);
  const cookies = { admin: "", general: "" };
  let eventId = "";
  let studentId = "";
  const bangla = "অর্পিতা চক্রবর্তী";

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
    server = running.server;
    cookies.admin = await signUp(ADMIN);
    cookies.general = await signUp(GENERAL);
    const today = new Date().toISOString().slice(0, 10);
    const added = await call("/api/add-event", {
      method: "POST",
      cookie: cookies.admin,
      body: {
        eventType: "WorkShop",
        name: "Friday practice",
        starts_on: today,
        starts_at: "16:00",
        problem_number: 0,
        contest_duration: "2 Hours",
        details: "Weekly.",
      },
    });
    eventId = ((await added.json()) as { insertedId: string }).insertedId;
    const student = await call("/api/add-student", {
      method: "POST",
      cookie: cookies.admin,
      body: { name: bangla, email: "arpita@example.org", photoURL: "https://example.org/a.png", batch: 12 },
    });
    studentId = ((await student.json()) as { insertedId: string }).insertedId;
  }, 180_000);
  afterAll(() => running?.close());

  const post = (cookie: string, body: unknown, id = eventId) =>
    call(`/api/events/${id}/attendance`, { method: "POST", cookie, body });

  it("takes marks from check-in staff only, and names what is wrong with a body", async () => {
    const body = { marks: [{ student_id: studentId, present: true, at: new Date().toISOString() }] };
    expect((await post("", body)).status).toBe(401);
    expect((await post(cookies.general, body)).status).toBe(403);
    expect((await post(cookies.admin, body, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const bad = await post(cookies.admin, { marks: [{ student_id: "x", present: "yes" }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("student_id must be a member's id");
    const sent = await post(cookies.admin, body);
    expect(await sent.json()).toEqual({ results: [{ student_id: studentId, status: "present" }] });
    // The phone's queue sent twice.
    expect(await (await post(cookies.admin, body)).json()).toEqual({
      results: [{ student_id: studentId, status: "present" }],
    });
    expect((await call(`/dashboard/events/${eventId}/attendance`, { cookie: cookies.general })).status).toBe(403);
    expect((await call(`/dashboard/events/${eventId}/attendance`, { cookie: cookies.admin })).status).toBe(200);
  });

  it("gives the term's table as CSV to admins, and the certificate with the Bangla name as written", async () => {
    const csv = await call("/dashboard/involvement.csv?batch=12&sort=-score", { cookie: cookies.admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Name,Batch,Sessions attended,Events attended,Contests,Executive panel,Events volunteered,Roles held,Score,Term from,Term to",
    );
    // The default weights: an event attended is worth 2.
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 9).join(","))).toEqual([
      `${bangla},12,0,1,0,no,0,0,2`,
    ]);
    expect((await call("/dashboard/involvement.csv", { cookie: cookies.general })).status).toBe(403);
    expect((await call("/dashboard/involvement", { cookie: cookies.general })).status).toBe(403);

    const pdf = await call(`/dashboard/involvement/${studentId}/certificate.pdf`, { cookie: cookies.admin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfToText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(bangla);
    expect(text).toContain("1 event");
    // Someone else's certificate is no business of a general user's.
    expect(
      (await call(`/dashboard/involvement/${studentId}/certificate.pdf`, { cookie: cookies.general })).status,
    ).toBe(404);
  });
});
