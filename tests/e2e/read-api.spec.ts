import {
  demoEvents,
  demoExecutives,
  demoNotices,
  demoRecentEvents,
  demoResults,
  demoStudents,
  demoTeachers,
} from "~/seed/demo-data";
import { expect, test } from "./support/fixtures";

/** The demo's weekly practice (app/seed/demo-series.server.ts): its occurrences are events too. */
const DEMO_SERIES_NAME = "Weekly Practice Session";
/** Occurrences are made this many weeks ahead (a series that began four weeks before the install). */
const WEEKS_AHEAD = 12;

/** Each read of spec section 7, the fields each item carries, and how many the demo seeds. */
const endpoints: {
  path: string;
  fields: string[];
  count: number;
  /** Items counted apart from `count` (and at least `atLeast` of them). */
  besides?: { name: string; atLeast: number };
}[] = [
  {
    path: "/api/students",
    fields: ["_id", "name", "batch", "email", "photoURL", "session", "handles", "profileUrl"],
    count: demoStudents.length,
  },
  {
    path: "/api/teachers",
    fields: ["_id", "name", "designation", "email", "photoURL", "joinDate", "details"],
    count: demoTeachers.length,
  },
  {
    path: "/api/all-notice",
    fields: ["_id", "name", "slug", "publishing_date", "chrMonth", "day", "pdfFile", "description"],
    count: demoNotices.length,
  },
  {
    path: "/api/events",
    // The spec's fields, then those of event pages (decision 015).
    fields: [
      ...["_id", "eventType", "name", "starts_on", "starts_at", "problem_number", "contest_duration", "details"],
      ...["slug", "ends_at", "venue", "banner", "registration_opens", "registration_closes", "capacity"],
      ...["team_size_min", "team_size_max", "eligible_batches", "members_only", "status", "waitlist"],
    ],
    count: demoEvents.length,
    besides: { name: DEMO_SERIES_NAME, atLeast: WEEKS_AHEAD },
  },
  {
    path: "/api/executives",
    fields: ["_id", "name", "title", "designation", "email", "photoURL", "panel"],
    count: demoExecutives.length,
  },
  {
    path: "/api/results",
    fields: ["_id", "name", "publishing_date", "pdfFile", "img", "description"],
    count: demoResults.length,
  },
  {
    path: "/api/recentEvents.JSON",
    fields: ["_id", "id", "name", "img1", "details", "details1", "details2", "img2", "img3"],
    count: demoRecentEvents.length,
  },
];

for (const endpoint of endpoints) {
  test(`GET ${endpoint.path} returns an array with the spec's field names`, async ({ request }) => {
    const response = await request.get(endpoint.path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const items = (await response.json()) as Record<string, unknown>[];
    expect(Array.isArray(items)).toBe(true);
    const besides = endpoint.besides;
    const apart = besides ? items.filter((item) => item.name === besides.name).length : 0;
    if (besides) expect(apart).toBeGreaterThanOrEqual(besides.atLeast);
    expect(items).toHaveLength(endpoint.count + apart);
    for (const item of items) expect(Object.keys(item).sort()).toEqual([...endpoint.fields].sort());
  });
}

test("the reads carry spec values: notice months, newest first, panels newest first", async ({ request }) => {
  const notices = (await (await request.get("/api/all-notice")).json()) as Record<string, string>[];
  const dates = notices.map((n) => n.publishing_date!);
  expect(dates).toEqual([...dates].sort().reverse());
  for (const notice of notices) expect(notice.chrMonth).toMatch(/^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)$/);
  const events = (await (await request.get("/api/events")).json()) as Record<string, unknown>[];
  expect(typeof events[0]?.problem_number).toBe("number");
  const executives = (await (await request.get("/api/executives")).json()) as Record<string, string>[];
  expect(executives[0]).toMatchObject({ panel: "2020-2021", designation: "President" });
});

test("an unknown /api path answers 404 as JSON { message }", async ({ request }) => {
  const response = await request.get("/api/no-such-collection");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: "Not found" });
});
