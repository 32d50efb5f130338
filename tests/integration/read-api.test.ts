import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, executives, notices, recentEvents, results, students, teachers } from "~/db/schema";
import { listExecutives, listPanel, listPanelNames } from "~/features/collections/executives.server";
import { noticeDateParts } from "~/features/collections/notices";
import { findNoticeBySlug, listNoticePage, listNotices } from "~/features/collections/notices.server";
import { findRecentEvent, listRecentEvents } from "~/features/collections/recent-events.server";
import { listResultPage, listResults } from "~/features/collections/results.server";
import { listTeachers } from "~/features/collections/teachers.server";
import { listEvents, listUpcomingEvents } from "~/features/events/events.server";
import { allStudents, listStudentPage, listStudents } from "~/features/members/students.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const photo = "/media/photo.svg";

describe("read queries and their API shape", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { db } = testDb;
    await db.insert(students).values([
      ...Array.from({ length: 26 }, (_, i) => ({
        name: `Student ${String(i).padStart(2, "0")}`,
        batch: (i % 3) + 1,
        session: "2020-2021",
        email: `s${i}@x.org`,
        photoURL: photo,
      })),
      { name: "No Batch", email: "nb@x.org", photoURL: photo },
    ]);
    await db
      .insert(notices)
      .values([
        notice("Older", "older", "2026-01-05"),
        notice("Newest", "newest", "2026-05-28"),
        { ...notice("Waiting for review", "waiting", "2026-09-01"), status: "pending" as const },
      ]);
    await db.insert(results).values([
      { name: "Old contest", publishingDate: "2025-03-26", pdfFile: "/media/a.svg", img: "/media/a.svg" },
      { name: "New contest", publishingDate: "2026-02-21", pdfFile: "/media/b.pdf", description: "Final" },
      { name: "Pending", publishingDate: "2026-06-01", pdfFile: "/media/c.pdf", status: "pending" as const },
    ]);
    await db
      .insert(events)
      .values([
        event("Past contest", "Programming Contest", "2026-01-01"),
        event("Next contest", "Programming Contest", "2026-12-12"),
        event("Later contest", "Programming Contest", "2027-02-21"),
        event("Undated contest", "Programming Contest", null),
        event("A workshop", "WorkShop", "2026-12-20"),
      ]);
    await db.insert(teachers).values([
      { name: "Junior", designation: "Lecturer", email: "j@x.org", photoURL: photo, joinDate: "2020-01-01" },
      { name: "Senior", designation: "Professor", email: "s@x.org", photoURL: photo, joinDate: "2014-01-01" },
    ]);
    await db
      .insert(executives)
      .values([
        executive("Gen Sec", "General Secretary", "2020-2021"),
        executive("Mentor", "Mentor", "2020-2021"),
        executive("Batch Six", "Batch Executive (6th Batch)", "2020-2021"),
        executive("President", "President", "2020-2021"),
        executive("Old President", "President", "2019-2020"),
      ]);
    await db.insert(recentEvents).values({
      name: "Web Design Workshop",
      img1: "/media/1.svg",
      img2: "/media/2.svg",
      img3: "/media/3.svg",
      details: "D",
      details1: "D1",
      details2: "D2",
    });
  });
  afterAll(() => testDb.close());

  it("students: spec fields, pages of 24 in (batch, name) order, batch filter and distinct batches", async () => {
    const { items: all, total } = await listStudents(testDb.db, { page: 1, pageSize: 100 });
    expect([all.length, total]).toEqual([27, 27]);
    const streamed = [];
    for await (const batch of allStudents(testDb.db)) streamed.push(...batch);
    expect(streamed).toEqual(all);
    const apiSecondPage = await listStudents(testDb.db, { page: 2, pageSize: 10 });
    expect(apiSecondPage).toMatchObject({ page: 2, pageCount: 3, total: 27 });
    expect(apiSecondPage.items.map((s) => s.name)).toEqual(all.slice(10, 20).map((s) => s.name));
    expect((await listStudents(testDb.db, { page: 4, pageSize: 10 })).items).toEqual([]);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(
      ["_id", "batch", "email", "handles", "name", "photoURL", "profileUrl", "session"].sort(),
    );
    expect(all.at(-1)).toMatchObject({ name: "No Batch", batch: null, session: null });

    const first = await listStudentPage(testDb.db, { page: 1, pageSize: 24 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 27 });
    expect(first.items).toHaveLength(24);
    const beyond = await listStudentPage(testDb.db, { page: 9, pageSize: 24 });
    expect(beyond.page).toBe(2);
    expect(beyond.items.map((s) => s.name)).toEqual(all.slice(24).map((s) => s.name));

    const batchTwo = await listStudentPage(testDb.db, { page: 1, pageSize: 24, batch: 2 });
    expect(batchTwo.total).toBe(9);
    expect(batchTwo.items.every((s) => s.batch === 2)).toBe(true);
    expect(batchTwo.batches).toEqual([1, 2, 3]);
  });

  it("notices: published only, newest first, with chrMonth/day and a slug lookup", async () => {
    const list = await listNotices(testDb.db);
    expect(list.map((n) => n.name)).toEqual(["Newest", "Older"]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ["_id", "chrMonth", "day", "description", "name", "pdfFile", "publishing_date", "slug"].sort(),
    );
    expect(list[0]).toMatchObject({ publishing_date: "2026-05-28", chrMonth: "MAY", day: "28" });
    const page = await listNoticePage(testDb.db, { page: 1, pageSize: 1 });
    expect(page).toMatchObject({ pageCount: 2, total: 2 });
    expect(page.items.map((n) => n.name)).toEqual(["Newest"]);
    expect(await findNoticeBySlug(testDb.db, "older")).toMatchObject({ name: "Older" });
    expect(await findNoticeBySlug(testDb.db, "waiting")).toBeUndefined();
    expect(await findNoticeBySlug(testDb.db, "nothing-here")).toBeUndefined();
  });

  it("results: published only, newest first, description never null", async () => {
    const list = await listResults(testDb.db);
    expect(list.map((r) => r.name)).toEqual(["New contest", "Old contest"]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ["_id", "description", "img", "name", "pdfFile", "publishing_date"].sort(),
    );
    expect(list[1]).toMatchObject({ description: "", img: "/media/a.svg" });
    expect((await listResultPage(testDb.db, { page: 2, pageSize: 1 })).items.map((r) => r.name)).toEqual([
      "Old contest",
    ]);
  });

  it("events: spec fields and the event pages' fields, and upcoming events of one type soonest first (undated count as upcoming)", async () => {
    const all = await listEvents(testDb.db);
    expect(all).toHaveLength(5);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(
      [
        ...["_id", "contest_duration", "details", "eventType", "name", "problem_number", "starts_at", "starts_on"],
        ...["slug", "ends_at", "venue", "banner", "registration_opens", "registration_closes", "capacity"],
        ...["team_size_min", "team_size_max", "eligible_batches", "members_only", "status", "waitlist"],
      ].sort(),
    );
    // Written without the new fields (as the spec's client does): published, individual, open to all.
    expect(all[0]).toMatchObject({
      status: "published",
      team_size_min: 1,
      team_size_max: 1,
      capacity: null,
      eligible_batches: [],
      members_only: false,
      waitlist: true,
    });
    expect(all[0]?.slug).toMatch(/^[a-z0-9-]+$/);
    const upcoming = await listUpcomingEvents(testDb.db, "Programming Contest", "2026-11-21");
    expect(upcoming.map((e) => e.name)).toEqual(["Next contest", "Later contest", "Undated contest"]);
    expect(upcoming[0]).toMatchObject({ starts_on: "2026-12-12", starts_at: "10:00", problem_number: 10 });
    expect((await listUpcomingEvents(testDb.db, "WorkShop", "2026-11-21")).map((e) => e.name)).toEqual(["A workshop"]);
    expect(await listUpcomingEvents(testDb.db, "Seminar", "2026-11-21")).toEqual([]);
  });

  it("teachers: spec fields, longest-serving first", async () => {
    const list = await listTeachers(testDb.db);
    expect(list.map((t) => t.name)).toEqual(["Senior", "Junior"]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ["_id", "designation", "details", "email", "joinDate", "name", "photoURL"].sort(),
    );
  });

  it("executives: a panel in designation order, newest panel first, and the panel names", async () => {
    expect((await listPanel(testDb.db, "2020-2021")).map((e) => e.name)).toEqual([
      "President",
      "Mentor",
      "Gen Sec",
      "Batch Six",
    ]);
    expect(await listPanel(testDb.db, "2017-2018")).toEqual([]);
    const all = await listExecutives(testDb.db);
    expect(all.map((e) => e.panel)).toEqual(["2020-2021", "2020-2021", "2020-2021", "2020-2021", "2019-2020"]);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(
      ["_id", "designation", "email", "name", "panel", "photoURL", "title"].sort(),
    );
    expect(await listPanelNames(testDb.db)).toEqual(["2020-2021", "2019-2020"]);
  });

  it("recent events: spec fields (id and _id), lookup by id, and no database error for a malformed id", async () => {
    const [first] = await listRecentEvents(testDb.db);
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ["_id", "details", "details1", "details2", "id", "img1", "img2", "img3", "name"].sort(),
    );
    expect(first?.id).toBe(first?._id);
    expect(await findRecentEvent(testDb.db, first?._id ?? "")).toMatchObject({ name: "Web Design Workshop" });
    expect(await findRecentEvent(testDb.db, "not-a-uuid")).toBeUndefined();
    expect(await findRecentEvent(testDb.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });
});

function notice(name: string, slug: string, publishingDate: string) {
  return {
    name,
    slug,
    publishingDate,
    ...noticeDateParts(publishingDate),
    pdfFile: `/media/${slug}.pdf`,
    description: `About ${name}`,
  };
}

function event(name: string, eventType: string, startsOn: string | null) {
  return {
    name,
    eventType,
    startsOn,
    startsAt: "10:00",
    problemNumber: 10,
    contestDuration: "5 Hours",
    details: `${name} details`,
  };
}

function executive(name: string, designation: string, panel: string) {
  return { name, designation, panel, email: `${name.replace(/\s/g, "")}@x.org`, photoURL: photo };
}
