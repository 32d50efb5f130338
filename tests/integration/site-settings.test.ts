import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentVersionReader } from "~/core/content-version.server";
import { getSiteSettings, saveSiteSettings } from "~/core/settings.server";
import { readSettingsForm, settingsFormValues } from "~/core/settings-form.server";
import { defaultSettings, settingsGroupSchemas } from "~/core/settings-schema.server";
import { auditLog, media, siteSettings } from "~/db/schema";
import { eventIcsPath } from "~/features/events/event-calendar";
import { withAbsoluteLinks, withRelativeMediaLinks } from "~/lib/media";
import type { MediaStorage } from "~/lib/storage/index.server";
import { collectUnusedMedia } from "~/wiring/media-collector.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Site settings: `GET`/`PUT /api/settings`, the dashboard's settings form as a browser without
 * JavaScript sends it, the public pages that show them (at once: the page cache follows the
 * settings' content version), and the audit entry of each save. Against the production build.
 */
const ADMIN = { name: "Settings Admin", email: "settings-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Settings Member", email: "settings-member@example.org", password: "member-password-1" };

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let memberCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

const put = (body: unknown, cookie?: string) => call("/api/settings", { method: "PUT", body, cookie });
const settingsNow = async () => (await call("/api/settings")).json();

/** An anonymous page, until the page cache answers it (so a later change must get past the cache). */
async function cachedPage(path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await call(path);
    const html = await response.text();
    if (response.headers.get("x-page-cache") === "HIT") return html;
  }
  throw new Error(`${path} never came from the page cache`);
}

const anonymousPage = async (path: string) => (await call(path)).text();

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, AUTH_RATE_LIMIT_MAX: "1000" });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  memberCookie = await signUp(MEMBER);
}, 120_000);

afterAll(() => running?.close());

describe("GET /api/settings", () => {
  it("answers every setting to anyone, the built-in texts until an admin changes them", async () => {
    const response = await call("/api/settings");
    expect(response.status).toBe(200);
    const settings = await response.json();
    expect(settings.clubName).toBe("RMSTU Programming Club");
    expect(settings.openingHours).toBe("Sun-Thu 8:00-19:00");
    expect(settings.workshopTopics.map((topic: { name: string }) => topic.name)).toEqual([
      "Computer Intro",
      "Microsoft Office",
      "Graphics Design",
      "Web Design",
      "Online Security",
      "Freelancing",
    ]);
    expect(settings.carouselSlides).toHaveLength(3);
  });
});

describe("PUT /api/settings", () => {
  it("answers 401 anonymous and 403 General, and changes nothing", async () => {
    const anonymous = await put({ clubName: "Nobody's Club" });
    expect(anonymous.status).toBe(401);
    const general = await put({ clubName: "Nobody's Club" }, memberCookie);
    expect(general.status).toBe(403);
    expect(await general.json()).toEqual({ message: expect.any(String) });
    expect((await settingsNow()).clubName).toBe("RMSTU Programming Club");
  });

  it("refuses bad input with 400, naming each field, and saves none of it", async () => {
    const slides = structuredClone(defaultSettings.carouselSlides);
    slides[1]!.linkTo = "javascript:alert(1)";
    const response = await put(
      {
        clubName: "  ",
        email: "not an address",
        mapLocation: "somewhere nice",
        carouselSlides: slides,
        workshopTopics: defaultSettings.workshopTopics.slice(0, 5),
        motto: "Fine on its own",
      },
      adminCookie,
    );
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toMatchObject({
      clubName: "Club name is required",
      email: "Contact email must be a valid email address",
      mapLocation: expect.stringContaining("Map location must be coordinates"),
      "carouselSlides.1.linkTo": "Button link must be a page of this site (/about) or an http(s) link",
      workshopTopics: "Workshop topics must have exactly 6",
    });
    expect((await settingsNow()).motto).toBe("Upgrade yourself");

    const unknown = await put({ favouriteColour: "blue" }, adminCookie);
    expect(unknown.status).toBe(400);
    const notJson = await call("/api/settings", {
      method: "PUT",
      body: "clubName=x",
      cookie: adminCookie,
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
  });

  it("saves an admin's change, and every public page shows it at once", async () => {
    // Pages the cache holds before the change: they must not be answered from it after.
    expect(await cachedPage("/")).toContain("RMSTU Programming Club");
    expect(await cachedPage("/about")).toContain("Jhagra Bil");

    const topics = structuredClone(defaultSettings.workshopTopics);
    topics[2] = { name: "Robotics Basics", description: "Sensors, motors and a first robot.", img: topics[2]!.img };
    const response = await put(
      { clubName: "Integration Coding Club", address: "Building 7, Test Street", workshopTopics: topics },
      adminCookie,
    );
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.clubName).toBe("Integration Coding Club");
    expect(saved.motto).toBe("Upgrade yourself");

    const home = await anonymousPage("/");
    expect(home).toContain("Welcome to Integration Coding Club");
    expect(home).toContain("Robotics Basics");
    expect(home).not.toContain("Graphics Design");
    for (const path of ["/about", "/rules", "/notice"]) {
      const page = await anonymousPage(path);
      expect(page, path).toContain("Building 7, Test Street");
      expect(page, path).toContain("Integration Coding Club");
    }
    expect(await anonymousPage("/events/workshop")).toContain("Robotics Basics");
    // No public page names the club as it was built: every one reads the setting (the long texts
    // that name it are settings too, which an admin rewrites).
    const rewritten = { introText: "A club for problem solvers.", aboutLead: "A club for problem solvers." };
    expect((await put(rewritten, adminCookie)).status).toBe(200);
    for (const path of [
      "/",
      "/about",
      "/rules",
      "/notice",
      "/teachers",
      "/students",
      "/results",
      "/events",
      "/2020-panel",
    ]) {
      const page = await anonymousPage(path);
      expect(page, path).not.toContain("RMSTU Programming Club");
    }
  });

  it("renders Markdown without raw HTML or script links", async () => {
    const aboutText =
      "Plain **bold** text.\n\n<script>alert(1)</script>\n\n[Bad](javascript:alert(1)) and [good](https://example.org)";
    expect((await put({ aboutText }, adminCookie)).status).toBe(200);
    const about = await anonymousPage("/about");
    expect(about).toContain("<strong>bold</strong>");
    expect(about).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(about).not.toContain("<script>alert(1)");
    expect(about).not.toContain('href="javascript:');
    expect(about).toContain('<a href="https://example.org">good</a>');
  });
});

describe("the dashboard's settings form (without JavaScript)", () => {
  const formOf = (group: keyof typeof settingsGroupSchemas, change: Record<string, string>) => ({
    ...settingsFormValues(group, defaultSettings),
    ...change,
  });

  it("is for admins only", async () => {
    expect((await call("/dashboard/settings")).status).toBe(302);
    expect((await call("/dashboard/settings", { cookie: memberCookie })).status).toBe(403);
    expect((await call("/dashboard/settings/contact", { cookie: adminCookie })).status).toBe(200);
    expect((await call("/dashboard/settings/nothing-here", { cookie: adminCookie })).status).toBe(404);
    const posted = await call("/dashboard/settings", {
      method: "POST",
      cookie: memberCookie,
      form: formOf("club", { clubName: "Hijacked", confirmed: "yes" }),
    });
    expect(posted.status).toBe(403);
  });

  it("asks first, then saves a list's row", async () => {
    const form = formOf("home", { "carouselSlides.1.heading": "Slide from a form" });
    const asked = await call("/dashboard/settings/home", { method: "POST", cookie: adminCookie, form });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Save the settings?");
    expect((await settingsNow()).carouselSlides[1].heading).toBe("Compete and grow");

    const saved = await call("/dashboard/settings/home", {
      method: "POST",
      cookie: adminCookie,
      form: { ...form, confirmed: "yes" },
    });
    expect(saved.status).toBe(200);
    expect((await settingsNow()).carouselSlides[1].heading).toBe("Slide from a form");
    expect(await anonymousPage("/")).toContain("Slide from a form");
  });

  it("names the wrong fields and keeps what was typed", async () => {
    const form = formOf("footer", {
      "footerColumns.0.heading": "Kept heading",
      "footerColumns.1.links": "Teachers | /teachers\nBroken line without an address",
    });
    const answer = await call("/dashboard/settings/footer", { method: "POST", cookie: adminCookie, form });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Line 2: Link address is required");
    expect(html).toContain('value="Kept heading"');

    const club = await call("/dashboard/settings", {
      method: "POST",
      cookie: adminCookie,
      form: formOf("club", { clubName: "", motto: "Typed and kept", confirmed: "yes" }),
    });
    expect(club.status).toBe(400);
    const clubHtml = await club.text();
    expect(clubHtml).toContain("Club name is required");
    expect(clubHtml).toContain('value="Typed and kept"');
  });
});

describe("saving settings", () => {
  let testDb: TestDatabase;
  const app = () => ({ db: testDb.db, contentVersion: createContentVersionReader(testDb.db) });
  const actor = { id: null, email: "auditor@example.org", ip: "10.0.0.9" };
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  const entriesOf = () =>
    testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings-change"), eq(auditLog.actorEmail, actor.email)));

  it("records one audit entry with only what changed, and stores only what differs from the defaults", async () => {
    const topics = structuredClone(defaultSettings.workshopTopics);
    topics[0]!.name = "Computers 101";
    const changed = await saveSiteSettings(app(), actor, {
      clubName: "Audited Club",
      motto: defaultSettings.motto,
      workshopTopics: topics,
    });
    expect(changed).toEqual(["clubName", "workshopTopics"]);
    const [entry, ...more] = await entriesOf();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entity: "settings",
      label: "Site settings",
      ip: "10.0.0.9",
      before: { clubName: "RMSTU Programming Club", workshopTopics: defaultSettings.workshopTopics },
      after: { clubName: "Audited Club", workshopTopics: topics },
    });
    const rows = await testDb.db.select().from(siteSettings);
    expect(rows.map((row) => row.key).sort()).toEqual(["clubName", "workshopTopics"]);
    expect(JSON.parse(rows.find((row) => row.key === "workshopTopics")!.value)[0].name).toBe("Computers 101");

    expect(await saveSiteSettings(app(), actor, { clubName: "Audited Club" })).toEqual([]);
    expect(await entriesOf()).toHaveLength(1);

    await saveSiteSettings(app(), actor, { clubName: defaultSettings.clubName });
    expect((await testDb.db.select().from(siteSettings)).map((row) => row.key)).toEqual(["workshopTopics"]);
    expect((await getSiteSettings(testDb.db)).clubName).toBe(defaultSettings.clubName);
  });

  it("reads a stored value that is no longer valid as its default", async () => {
    await testDb.db.insert(siteSettings).values([
      { key: "carouselSlides", value: "not json" },
      { key: "email", value: "nobody" },
      { key: "facebookUrl", value: "https://example.org/a-retired-setting" },
    ]);
    const settings = await getSiteSettings(testDb.db);
    expect(settings.carouselSlides).toEqual(defaultSettings.carouselSlides);
    expect(settings.email).toBe(defaultSettings.email);
  });

  it("keeps an upload a list setting links (inside its JSON) from the media collector", async () => {
    const key = `${"ab".repeat(12)}-640x480.png`;
    const longAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
    await testDb.db
      .insert(media)
      .values({ key, hash: "settings-upload", kind: "image", bytes: 1, uploadedBy: "user:x", uploadedAt: longAgo });
    const storage = { delete: async () => {} } as unknown as MediaStorage;
    const slides = structuredClone(defaultSettings.carouselSlides);
    slides[2]!.img = `/media/${key}`;
    await saveSiteSettings(app(), actor, { carouselSlides: slides });
    expect(await collectUnusedMedia(testDb.db, storage)).not.toContain(key);
    await saveSiteSettings(app(), actor, { carouselSlides: defaultSettings.carouselSlides });
    expect(await collectUnusedMedia(testDb.db, storage)).toContain(key);
  });

  it("stores the site's own upload links sent back absolute (as the API reads them) as its own", () => {
    const base = "https://club.example.org";
    const slides = structuredClone(defaultSettings.carouselSlides);
    slides[0]!.img = `/media/${"cd".repeat(12)}-800x300.png`;
    slides[1]!.img = "https://elsewhere.example.org/media/x.png";
    const read = withAbsoluteLinks({ carouselSlides: slides }, base);
    expect(read.carouselSlides[0]!.img).toBe(`${base}${slides[0]!.img}`);
    expect(withRelativeMediaLinks(read, base)).toEqual({ carouselSlides: slides });
  });

  it("keeps the built-in texts valid, and the form's text gives them back unchanged", () => {
    for (const [group, schema] of Object.entries(settingsGroupSchemas)) {
      const key = group as keyof typeof settingsGroupSchemas;
      const defaults = Object.fromEntries(
        Object.keys(schema.shape).map((name) => [name, defaultSettings[name as keyof typeof defaultSettings]]),
      );
      expect(schema.safeParse(defaults).error?.issues ?? [], group).toEqual([]);
      const form = new FormData();
      for (const [name, value] of Object.entries(settingsFormValues(key, defaultSettings))) form.set(name, value);
      expect(schema.parse(readSettingsForm(key, form).input), group).toEqual(defaults);
    }
  });
});

describe("the club's time zone", () => {
  const event = {
    eventType: "Seminar",
    name: "Time zone seminar",
    starts_on: "2027-05-01",
    starts_at: "10:00",
    problem_number: 0,
    contest_duration: "2 Hours",
    details: "Details",
    registration_opens: "2027-04-20T09:00",
    registration_closes: "2027-04-30T18:30",
  };
  const addEvent = async (body: unknown) => {
    const response = await call("/api/add-event", { method: "POST", body, cookie: adminCookie });
    expect(response.status).toBe(201);
    return (await response.json()).insertedId as string;
  };
  const eventNow = async (id: string) => (await call(`/api/event/${id}`, { cookie: adminCookie })).json();
  const calendarStart = async (path: string) => /DTSTART:(\S+)/.exec(await (await call(path)).text())?.[1];

  afterAll(async () => {
    await put({ timeZone: defaultSettings.timeZone }, adminCookie);
  });

  it("refuses a name that is no time zone, naming the field, and keeps the one there was", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "+06:00", "", "Asia/Dhaka; DROP"]) {
      const response = await put({ timeZone }, adminCookie);
      expect(response.status, timeZone).toBe(400);
      const { errors } = await response.json();
      expect(errors.timeZone, timeZone).toMatch(/^Time zone /);
    }
    expect((await settingsNow()).timeZone).toBe("Asia/Dhaka");
  });

  it("is the clocks the API, the forms' times and the calendars read: changing it moves them", async () => {
    const id = await addEvent(event);
    const before = await eventNow(id);
    expect(before.registration_opens).toBe("2027-04-20T09:00:00+06:00");
    expect(before.registration_closes).toBe("2027-04-30T18:30:00+06:00");
    const ics = `${eventIcsPath(before)}`;
    expect(await calendarStart(ics)).toBe("20270501T040000Z");

    expect((await put({ timeZone: "Europe/London" }, adminCookie)).status).toBe(200);
    expect((await settingsNow()).timeZone).toBe("Europe/London");
    // The start is a date and a time of day on the club's clocks: 10:00 in London now.
    expect(await calendarStart(ics)).toBe("20270501T090000Z");
    // The registration window is instants: the same ones, shown on London's clocks.
    const moved = await eventNow(id);
    expect(moved.registration_opens).toBe("2027-04-20T04:00:00+01:00");
    expect(moved.registration_closes).toBe("2027-04-30T13:30:00+01:00");
    // A time sent without an offset is on London's clocks; one with an offset is that instant.
    const london = await eventNow(
      await addEvent({
        ...event,
        name: "London seminar",
        registration_opens: "2027-04-20T09:00",
        registration_closes: "2027-04-30T12:30:00Z",
      }),
    );
    expect(london.registration_opens).toBe("2027-04-20T09:00:00+01:00");
    expect(london.registration_closes).toBe("2027-04-30T13:30:00+01:00");
  });
});
