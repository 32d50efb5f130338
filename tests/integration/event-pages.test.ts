import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publications } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import {
  findEventBySlug,
  listEvents,
  listNextEvents,
  listPastEvents,
  listUpcomingEvents,
} from "~/features/events/events.server";
import { sayFieldErrors } from "~/i18n/message.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** Event pages' fields, slugs and statuses, on PGlite or on TEST_DATABASE_URL's server. */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const events = collectionServices.events;

/** The add-event form's values, as text, the way a form sends them. */
function formValues(name: string, extra: Record<string, string> = {}) {
  return {
    eventType: "Programming Contest",
    name,
    starts_on: "2031-06-01",
    starts_at: "10:00",
    problem_number: "8",
    contest_duration: "3 Hours",
    details: "Bring your laptop.",
    ...extra,
  };
}

async function created(values: Record<string, string>) {
  const written = await events.create(testDb.db, values, null);
  if (!written.ok) throw new Error(JSON.stringify(written.errors));
  const record = await events.get(testDb.db, written.id);
  if (!record) throw new Error("not found");
  return record as Awaited<ReturnType<typeof listEvents>>[number];
}

describe("event fields", () => {
  it("reads the form's text into the API's fields", async () => {
    const event = await created(
      formValues("Team contest", {
        ends_at: "2031-06-01T13:00",
        venue: "https://meet.example.org/contest",
        registration_opens: "2031-05-01T09:00",
        registration_closes: "2031-05-30T23:59",
        capacity: "50",
        team_size_min: "2",
        team_size_max: "3",
        eligible_batches: "7, 8 9",
      }),
    );
    // Times typed on the club's clocks (Asia/Dhaka) are kept as instants.
    expect(event).toMatchObject({
      ends_at: "2031-06-01T07:00:00Z",
      registration_opens: "2031-05-01T03:00:00Z",
      registration_closes: "2031-05-30T17:59:00Z",
      venue: "https://meet.example.org/contest",
      capacity: 50,
      team_size_min: 2,
      team_size_max: 3,
      eligible_batches: [7, 8, 9],
      status: "published",
      slug: "team-contest",
    });
  });

  it("names each wrong field and saves nothing", async () => {
    const before = (await listEvents(testDb.db)).length;
    const written = await events.create(
      testDb.db,
      formValues("Bad", {
        ends_at: "tomorrow",
        team_size_min: "3",
        team_size_max: "2",
        registration_opens: "2031-05-02T09:00",
        registration_closes: "2031-05-01T09:00",
        eligible_batches: "7, eight",
        status: "maybe",
      }),
      null,
    );
    expect(written.ok).toBe(false);
    expect(sayFieldErrors(written.ok ? {} : written.errors, "en")).toEqual({
      ends_at: "Ends at must be a date and time (YYYY-MM-DDTHH:MM)",
      eligible_batches: "Eligible batches must be whole numbers separated by commas",
      status: "Publishing must be one of: published, draft, scheduled, cancelled",
    });
    // The cross-field rules come once every field reads.
    const crossed = await events.create(
      testDb.db,
      formValues("Bad", {
        team_size_min: "3",
        team_size_max: "2",
        registration_opens: "2031-05-02T09:00",
        registration_closes: "2031-05-01T09:00",
      }),
      null,
    );
    expect(sayFieldErrors(crossed.ok ? {} : crossed.errors, "en")).toEqual({
      team_size_max: "Largest team must be at least the smallest team, and teams at least 1",
      registration_closes: "Registration closes must be after Registration opens",
    });
    expect((await listEvents(testDb.db)).length).toBe(before);
  });
});

describe("event pages", () => {
  it("get readable slugs that stay when the event is renamed", async () => {
    const first = await created(formValues("Weekly Contest #12"));
    const second = await created(formValues("Weekly Contest #12"));
    expect(first.slug).toBe("weekly-contest-12");
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug).toMatch(/^weekly-contest-12-/);
    await events.update(testDb.db, first._id, formValues("Weekly Contest #12 (moved)"), null);
    expect(await events.get(testDb.db, first._id)).toMatchObject({ slug: "weekly-contest-12" });
    expect((await findEventBySlug(testDb.db, "Programming Contest", first.slug))?.name).toBe(
      "Weekly Contest #12 (moved)",
    );
    expect(await findEventBySlug(testDb.db, "WorkShop", first.slug)).toBeUndefined();
  });

  it("keep drafts from visitors and from subscribers until they are published; a cancelled event stays, marked", async () => {
    const draft = await created(formValues("Secret draft", { status: "draft", starts_on: "2031-07-01" }));
    const announced = () => testDb.db.select().from(publications).where(eq(publications.itemId, draft._id));
    expect(await findEventBySlug(testDb.db, "Programming Contest", draft.slug)).toBeUndefined();
    expect((await listEvents(testDb.db)).map((event) => event.name)).not.toContain("Secret draft");
    expect((await listUpcomingEvents(testDb.db, "Programming Contest", "2031-01-01")).map((e) => e.name)).not.toContain(
      "Secret draft",
    );
    expect(await announced()).toEqual([]);

    await events.update(
      testDb.db,
      draft._id,
      formValues("Secret draft", { status: "published", starts_on: "2031-07-01" }),
      null,
    );
    expect((await findEventBySlug(testDb.db, "Programming Contest", draft.slug))?.status).toBe("published");
    expect((await announced()).map((row) => row.topic)).toEqual(["events:Programming Contest"]);

    await events.update(
      testDb.db,
      draft._id,
      formValues("Secret draft", { status: "cancelled", starts_on: "2031-07-01" }),
      null,
    );
    await events.update(
      testDb.db,
      draft._id,
      formValues("Secret draft", { status: "published", starts_on: "2031-07-01" }),
      null,
    );
    // Announced once, whatever happens after.
    expect(await announced()).toHaveLength(1);
    await events.update(
      testDb.db,
      draft._id,
      formValues("Secret draft", { status: "cancelled", starts_on: "2031-07-01" }),
      null,
    );
    expect((await listNextEvents(testDb.db, "2031-06-15", 10)).find((e) => e._id === draft._id)?.status).toBe(
      "cancelled",
    );
  });

  it("list past events of a type latest first", async () => {
    await created(formValues("Old workshop", { eventType: "WorkShop", starts_on: "2030-01-05" }));
    await created(formValues("Older workshop", { eventType: "WorkShop", starts_on: "2029-01-05" }));
    await created(formValues("Future workshop", { eventType: "WorkShop", starts_on: "2032-01-05" }));
    expect((await listPastEvents(testDb.db, "WorkShop", "2031-01-01", 10)).map((e) => e.name)).toEqual([
      "Old workshop",
      "Older workshop",
    ]);
  });
});
