import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLUG_ATTEMPTS } from "~/core/crud.server";
import { countAttempt } from "~/core/rate-limit.server";
import { auditLog, notices, students } from "~/db/schema";
import { collectionCsv, importValidRows, previewImport } from "~/features/collections/collection-csv.server";
import { collections } from "~/features/collections/collections";
import { collectionServices } from "~/features/collections/collections.server";
import { noticeStore } from "~/features/collections/notices.server";
import { memberPath } from "~/features/members/members";
import { studentStore } from "~/features/members/students.server";
import {
  approveSubmission,
  approveSubmissions,
  countPendingReviews,
  listPendingPage,
  listReviewQueue,
  rejectSubmission,
  rejectSubmissions,
} from "~/features/review/review.server";
import { messageOf } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { ADMIN_PAGE_SIZE, emptyTableQuery, type TableQuery } from "~/lib/table-query";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** The write side of every collection, on PGlite or on TEST_DATABASE_URL's server. */
const REVIEWER = { id: null, email: "reviewer@example.org", ip: "" };
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const student = (name: string) => ({ name, email: `${name.replace(/\W/g, "")}@x.org`, photoURL: "/media/p.png" });
const notice = (name: string, date = "2026-03-05") => ({
  name,
  publishing_date: date,
  pdfFile: "/media/n.pdf",
  description: "Text",
});

describe("admin list pages", () => {
  it("pages by 25, newest first, and searches without wildcards leaking", async () => {
    const { db } = testDb;
    for (let i = 0; i < 30; i++) await studentStore.create(db, student(`Pupil ${String(i).padStart(2, "0")}`));
    await studentStore.create(db, student("Hundred 100% sure"));
    await studentStore.create(db, student("Under_score"));

    const first = await studentStore.listPage(db, { ...emptyTableQuery, q: "", page: 1 });
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.total).toBe(32);
    expect(first.pageCount).toBe(2);
    // Newest first. PGlite's clock counts milliseconds, so rows made in one share a time: the
    // order is the database's (created_at, then id), read here the same way.
    const newest = await testDb.db
      .select({ id: students.id })
      .from(students)
      .orderBy(desc(students.createdAt), asc(students.id))
      .limit(ADMIN_PAGE_SIZE);
    expect(first.items.map((item) => item._id)).toEqual(newest.map((row) => row.id));
    const past = await studentStore.listPage(db, { ...emptyTableQuery, q: "", page: 99 });
    expect(past.page).toBe(2);
    expect(past.items).toHaveLength(7);

    const search = await studentStore.listPage(db, { ...emptyTableQuery, q: "pupil 0", page: 1 });
    expect(search.items.map((item) => item.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Pupil 0${i}`));
    expect(
      (await studentStore.listPage(db, { ...emptyTableQuery, q: "%", page: 1 })).items.map((item) => item.name),
    ).toEqual(["Hundred 100% sure"]);
    expect((await studentStore.listPage(db, { ...emptyTableQuery, q: "_", page: 1 })).total).toBe(1);
  });

  it("updates, reads and deletes by id; unknown and malformed ids count 0", async () => {
    const { db } = testDb;
    for (const [key, store] of Object.entries(collectionServices)) {
      expect(await store.get(db, "not-a-uuid"), key).toBeUndefined();
      expect(await store.remove(db, "00000000-0000-4000-8000-000000000000", null), key).toBe(0);
    }
    const id = await studentStore.create(db, student("Edited Pupil"));
    expect(await studentStore.update(db, id, { ...student("Edited Pupil"), session: "2020-2021", batch: 4 })).toBe(1);
    expect(await studentStore.get(db, id)).toMatchObject({ session: "2020-2021", batch: 4 });
    expect(await studentStore.update(db, id, { ...student("Edited Pupil"), session: "" })).toBe(1);
    expect(await studentStore.get(db, id)).toMatchObject({ session: null, batch: null });
    expect(await studentStore.remove(db, id)).toBe(1);
    expect(await studentStore.get(db, id)).toBeUndefined();
  });
});

describe("admin list views: sort, filters, bulk delete, export, import", () => {
  const view = (changes: Partial<TableQuery>): TableQuery => ({ ...emptyTableQuery, ...changes });

  it("sorts by a column both ways, filters by batch, and ignores what the table does not offer", async () => {
    const { db } = testDb;
    const ids = [];
    for (const [name, batch] of [
      ["Sort Zed", 91],
      ["Sort Amal", 92],
      ["Sort Mina", 91],
    ] as const) {
      ids.push(await studentStore.create(db, { ...student(name), batch, session: `20${batch - 80}-20${batch - 79}` }));
    }
    const names = async (query: Partial<TableQuery>) =>
      (await studentStore.listPage(db, view({ q: "Sort ", ...query }))).items.map((item) => item.name);
    expect(await names({ sort: "name" })).toEqual(["Sort Amal", "Sort Mina", "Sort Zed"]);
    expect(await names({ sort: "-name" })).toEqual(["Sort Zed", "Sort Mina", "Sort Amal"]);
    expect(await names({ sort: "name", filters: { batch: "91" } })).toEqual(["Sort Mina", "Sort Zed"]);
    // Not offered: the table's own order; a batch no column can hold: nothing (not an error).
    expect((await names({ sort: "email" })).sort()).toEqual(["Sort Amal", "Sort Mina", "Sort Zed"]);
    expect(await names({ filters: { batch: "99999999999" } })).toEqual([]);
    expect(await names({ filters: { batch: "six" } })).toEqual([]);
    expect(await names({ filters: { unknown: "1" } })).toHaveLength(3);
    expect((await studentStore.filterOptions(db)).batch).toEqual(expect.arrayContaining(["91", "92"]));

    // The export reads the whole view, every page of it, in the same order.
    const all = await studentStore.listAll(db, view({ q: "Sort ", sort: "-name" }));
    expect(all.map((item) => item.name)).toEqual(["Sort Zed", "Sort Mina", "Sort Amal"]);
    const csv = collectionCsv(collections.students, all, "Asia/Dhaka");
    expect(csv.split("\r\n")[0]).toBe("\uFEFF_id,name,batch,email,photoURL,session");
    expect(csv).toContain(`${ids[0]},Sort Zed,91,SortZed@x.org,/media/p.png,2011-2012`);

    expect(await studentStore.removeMany(db, [ids[0] as string, ids[1] as string, "not-an-id"])).toBe(2);
    expect(await names({})).toEqual(["Sort Mina"]);
    expect(await studentStore.removeMany(db, [])).toBe(0);
  });

  it("previews an import row by row and saves only the valid rows, in one go", async () => {
    const { db } = testDb;
    const service = collectionServices.students;
    const text = [
      "Name,Batch,Email,Photo,Session,_id",
      "Import One,7,one@x.org,/media/one.png,2021-2022,ignored",
      "Import Two,,not-an-email,/media/two.png,,",
      '"Import, Three",8,three@x.org,https://example.org/3.png,2022-2023,',
    ].join("\n");
    const preview = previewImport(service, text);
    if (!preview.ok) throw new Error(preview.message.key);
    expect(preview.rows.map((row) => [row.line, Object.keys(row.errors)])).toEqual([
      [2, []],
      [3, ["email"]],
      [4, []],
    ]);
    expect((await studentStore.listPage(db, view({ q: "Import " }))).total).toBe(0);
    const importer = { id: null, email: "importer@example.org", ip: "203.0.113.9" };
    expect(await importValidRows(db, service, preview.rows, { actor: importer, fileName: "batch.csv" })).toBe(2);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.actorEmail, importer.email));
    expect(entry).toMatchObject({
      action: "import",
      entity: "students",
      label: "2 rows from batch.csv",
      ip: "203.0.113.9",
    });
    const saved = await studentStore.listPage(db, view({ q: "Import", sort: "name" }));
    expect(saved.items.map((item) => [item.name, item.batch])).toEqual([
      ["Import One", 7],
      ["Import, Three", 8],
    ]);

    const noColumn = previewImport(service, "name,email\nA,a@x.org");
    expect(noColumn.ok ? "" : sayMessage(noColumn.message, "en")).toBe(
      "The file has no column for: photoURL. Download the template to see the columns.",
    );
    expect(previewImport(service, 'name,email,photoURL\n"unclosed,a@x.org,/p.png')).toMatchObject({ ok: false });
    expect(previewImport(service, "")).toEqual({ ok: false, message: messageOf("messages.csv.empty") });
  });
});

describe("students", () => {
  it("get an address each in a crowd of the same name saved at the same moment", async () => {
    const { db } = testDb;
    const crowd = SLUG_ATTEMPTS;
    const ids = await Promise.all(Array.from({ length: crowd }, () => studentStore.create(db, student("Same Name"))));
    const addresses = await Promise.all(ids.map(async (id) => (await studentStore.get(db, id))?.profileUrl));
    expect(new Set(addresses).size).toBe(crowd);
    expect(addresses).toContain(memberPath("same-name"));
  });
});

describe("notices", () => {
  it("derive month, day and a unique slug on every save, even saved at the same moment", async () => {
    const { db } = testDb;
    const ids = await Promise.all(Array.from({ length: 4 }, () => noticeStore.create(db, notice("Exam Routine"))));
    const slugs = await Promise.all(ids.map(async (id) => (await noticeStore.get(db, id))?.slug));
    expect(new Set(slugs).size).toBe(4);
    expect(slugs).toContain("exam-routine");

    const [id] = ids as [string];
    const own = (await noticeStore.get(db, id))?.slug;
    await noticeStore.update(db, id, notice("Exam Routine", "2026-12-25"));
    expect(await noticeStore.get(db, id)).toMatchObject({ slug: own, chrMonth: "DEC", day: "25" });
    await noticeStore.update(db, id, notice("Renamed Routine", "2026-01-07"));
    expect(await noticeStore.get(db, id)).toMatchObject({ slug: "renamed-routine", chrMonth: "JAN", day: "07" });
  });

  it("wait in the review queue while pending and leave it when approved or rejected", async () => {
    const { db } = testDb;
    const before = await countPendingReviews(db);
    const pending = await noticeStore.create(db, notice("Visitor notice"), { status: "pending" });
    const other = await noticeStore.create(db, notice("Visitor notice two"), { status: "pending" });
    expect(await countPendingReviews(db)).toBe(before + 2);
    expect((await noticeStore.listPage(db, { ...emptyTableQuery, q: "Visitor", page: 1 })).total).toBe(0);
    // Newest first, so a flood is met where it is freshest (both may share PGlite's millisecond).
    expect(
      (await listReviewQueue(db)).notices.items
        .slice(0, 2)
        .map((item) => item._id)
        .sort(),
    ).toEqual([other, pending].sort());

    expect(await approveSubmission(db, "notices", pending, REVIEWER)).toBe(1);
    expect(await approveSubmission(db, "notices", pending, REVIEWER)).toBe(0);
    expect(await rejectSubmission(db, "notices", pending, REVIEWER)).toBe(0);
    expect(await rejectSubmission(db, "notices", other, REVIEWER)).toBe(1);
    expect(await noticeStore.get(db, other)).toBeUndefined();
    expect((await noticeStore.listPage(db, { ...emptyTableQuery, q: "Visitor", page: 1 })).total).toBe(1);
    expect(await countPendingReviews(db)).toBe(before);
  });

  it("pages the queue, newest first, and rejects many at once", async () => {
    const { db } = testDb;
    const before = (await listPendingPage(db, "notices", { page: 1, pageSize: 10 })).total;
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      ids.push(await noticeStore.create(db, notice(`Flood ${index}`), { status: "pending" }));
    }
    const first = await listPendingPage(db, "notices", { page: 1, pageSize: 5 });
    expect(first).toMatchObject({ page: 1, total: before + 12, pageCount: Math.ceil((before + 12) / 5) });
    // Newest first, in the database's order (PGlite's clock counts milliseconds: ties go by id).
    const newest = await db
      .select({ id: notices.id })
      .from(notices)
      .where(eq(notices.status, "pending"))
      .orderBy(desc(notices.createdAt), asc(notices.id))
      .limit(10);
    expect(first.items.map((item) => item._id)).toEqual(newest.slice(0, 5).map((row) => row.id));
    expect(ids).toContain(first.items[0]?._id);
    const second = await listPendingPage(db, "notices", { page: 2, pageSize: 5 });
    expect(second.items.map((item) => item._id)).toEqual(newest.slice(5, 10).map((row) => row.id));
    // A page past the end shows the last one.
    expect((await listPendingPage(db, "notices", { page: 99, pageSize: 5 })).page).toBe(first.pageCount);

    const published = await noticeStore.create(db, notice("Published, not a submission"));
    expect(await rejectSubmissions(db, "notices", [...ids.slice(0, 10), published, "not-an-id"], REVIEWER)).toBe(10);
    expect(await noticeStore.get(db, published)).toBeDefined();
    expect((await listPendingPage(db, "notices", { page: 1, pageSize: 10 })).total).toBe(before + 2);
    expect(await rejectSubmissions(db, "notices", [], REVIEWER)).toBe(0);

    const left = ids.slice(10);
    expect(await approveSubmissions(db, "notices", [...left, published], REVIEWER)).toBe(2);
    expect((await listPendingPage(db, "notices", { page: 1, pageSize: 10 })).total).toBe(before);
  });
});

describe("the public forms' rate limit", () => {
  it("lets exactly `max` concurrent attempts through and starts over after the window", async () => {
    const { db } = testDb;
    const options = { max: 5, windowSeconds: 60, now: 1_000_000 };
    const attempt = () => countAttempt(db, "test", "10.9.0.1", options);
    const verdicts = await Promise.all(Array.from({ length: 12 }, attempt));
    expect(verdicts.filter((verdict) => !verdict.limited)).toHaveLength(5);
    expect(verdicts.every((verdict) => verdict.retryAfterSeconds === 60)).toBe(true);
    expect((await countAttempt(db, "test", "10.9.0.2", options)).limited).toBe(false);
    expect((await countAttempt(db, "other-scope", "10.9.0.1", options)).limited).toBe(false);
    const later = await countAttempt(db, "test", "10.9.0.1", { ...options, now: options.now + 61_000 });
    expect(later.limited).toBe(false);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one", async () => {
    const { db } = testDb;
    const options = { max: 2, windowSeconds: 60, now: 2_000_000 };
    // Every address of one /64: a client that takes a new one per request is still one client.
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9"]) {
      expect((await countAttempt(db, "v6", address, options)).limited, address).toBe(false);
    }
    expect((await countAttempt(db, "v6", "2001:db8:1:2:abcd::1", options)).limited).toBe(true);
    expect((await countAttempt(db, "v6", "2001:db8:1:3::1", options)).limited, "the next /64").toBe(false);
    await countAttempt(db, "v4", "192.0.2.7", options);
    await countAttempt(db, "v4", "::ffff:192.0.2.7", options);
    expect((await countAttempt(db, "v4", "192.0.2.7", options)).limited).toBe(true);
  });
});
