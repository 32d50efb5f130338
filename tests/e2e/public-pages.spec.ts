import type { Page } from "@playwright/test";
import { eventCategories } from "~/content/events";
import { workshopTopics } from "~/content/home";
import { noticeBoard } from "~/content/notice-board";
import { NOTICE_FALLBACK_SLUG, noticeDateParts } from "~/features/collections/notices";
import { slugify as slugifyWith } from "~/lib/slug";
import {
  demoEvents,
  demoExecutives,
  demoNotices,
  demoRecentEvents,
  demoStudents,
  demoTeachers,
  NEWEST_RESULT_NAME,
} from "~/seed/demo-data";
import { en } from "../support/messages";
import { expectNoAxeViolations } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

interface PageCheck {
  path: string;
  h1: string;
  texts: string[];
}

const newestNotice = [...demoNotices].sort((a, b) => b.publishingDate.localeCompare(a.publishingDate))[0]!;
const panel2021 = demoExecutives.filter((e) => e.panel === "2020-2021");
const firstOfType = (type: string) => demoEvents.find((e) => e.eventType === type)!.name;

const homeTexts = [
  ...workshopTopics.map((topic) => topic.name),
  "Why join the club?",
  "Recent Events",
  demoRecentEvents[0]!.name,
  "Address and contact",
  "Jhagra Bil, Rangamati-4500",
];

/** Every public page of spec section 2 with texts that must appear on it. */
const publicPages: PageCheck[] = [
  { path: "/", h1: "Welcome to RMSTU Programming Club", texts: homeTexts },
  { path: "/home", h1: "Welcome to RMSTU Programming Club", texts: homeTexts },
  {
    path: "/about",
    h1: "About the club",
    texts: ["2001", "60 members", "Upgrade yourself", "NCPC 2020", "1st IUPC 2019", "124", "95%", "webinars"],
  },
  {
    path: "/rules",
    h1: "Rules and Regulation",
    texts: ["Advisors", "Vice-President", "Assistant General Secretaries", "General members", "Member conduct"],
  },
  {
    path: "/events",
    h1: "Events",
    texts: ["Our Events", "Programming Contest", firstOfType("Programming Contest"), "Problems:", "Duration:"],
  },
  ...eventCategories.map((category) => ({
    path: `/events/${category.slug}`,
    h1: "Events",
    texts: ["Our Events", en(category.topics[0]), firstOfType(category.eventType)],
  })),
  {
    path: "/notice",
    h1: "Notice Board",
    texts: [...noticeBoard.activities.map((activity) => en(activity)), newestNotice.name, "NCPC 2020"],
  },
  {
    path: `/notice/${slugifyWith(newestNotice.name, NOTICE_FALLBACK_SLUG)}`,
    // A notice's own page: its name is the h1, the board's name stays above it.
    h1: newestNotice.name,
    texts: ["Notice Board", newestNotice.description, "Details"],
  },
  { path: "/results", h1: "Contest Results", texts: ["Leader Board", NEWEST_RESULT_NAME] },
  {
    path: "/teachers",
    h1: "Teachers",
    texts: ["CSE Department", "Department of CSE", demoTeachers[0]!.name, demoTeachers[0]!.email],
  },
  { path: "/students", h1: "Students", texts: ["CSE Department", "Jump Batch", "Batch-2", demoStudents[0]!.name] },
  {
    path: "/executive-panel-2021",
    h1: "Executive Body 2020-2021",
    texts: ["President", "Mentor", "Publicity & Publication Secretary", "Batch Executive (6th Batch)"],
  },
  { path: "/2020-panel", h1: "Executive Body 2019-2020", texts: ["President", "General Secretary"] },
  { path: "/2019-panel", h1: "Executive Body 2018-2019", texts: ["Organizing Secretary"] },
  {
    path: "/2018-panel",
    h1: "Executive Body 2017-2018",
    texts: ["No executives have been added to the 2017-2018 panel yet."],
  },
  { path: "/panels/2020-2021", h1: "Executive Body 2020-2021", texts: [panel2021[0]!.name] },
];

async function firstRecentEventPath(page: Page): Promise<string> {
  const response = await page.request.get("/api/recentEvents.JSON");
  const events = (await response.json()) as { _id: string; name: string }[];
  const event = events.find((e) => e.name === demoRecentEvents[0]!.name)!;
  return `/details/${event._id}`;
}

async function expectSeo(page: Page) {
  await expect(page).toHaveTitle(/RMSTU Programming Club/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{10}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\//);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /og-image\.jpg$/);
}

/** Images are sized (no layout shift) and described; only the first screen loads eagerly. */
async function expectSizedImages(page: Page) {
  const images = await page.locator("main img").evaluateAll((list) =>
    list.map((img) => ({
      src: img.getAttribute("src"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
    })),
  );
  for (const image of images) {
    expect(image.width, `${image.src} width`).toMatch(/^\d+$/);
    expect(image.height, `${image.src} height`).toMatch(/^\d+$/);
    expect(image.alt, `${image.src} alt`).not.toBeNull();
  }
}

test.describe("public pages", () => {
  for (const check of publicPages) {
    test(`${check.path} shows its content`, async ({ page }) => {
      const response = await page.goto(check.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(check.h1);
      await expect(page.locator("h1")).toHaveCount(1);
      for (const text of check.texts) await expect(page.locator("main")).toContainText(text);
      await expectSeo(page);
      await expectSizedImages(page);
    });
  }

  test("home: 3 banner slides, a lazy 350 px map, a video behind a play link, recent event cards", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-carousel-slide]")).toHaveCount(3);
    const map = page.locator('iframe[title="Map of Rangamati Science and Technology University"]');
    await expect(map).toHaveAttribute("loading", "lazy");
    expect((await map.boundingBox())?.height).toBe(350);
    await expect(page.locator("[data-video-embed]")).toHaveAttribute("href", /youtube/);
    await expect(page.locator("main")).toContainText("programmingclub@rmstu.ac.bd");

    const cards = page.locator("#recent a[href^='/details/']");
    await expect(cards).toHaveCount(demoRecentEvents.length);
    await expect(cards.locator("img").first()).toHaveAttribute("loading", "lazy");
    const workshops = page.getByRole("region", { name: "Workshop topics" }).locator("li");
    await expect(workshops).toHaveCount(6);
  });

  test("home grid link opens the event details with two loaded images", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: demoRecentEvents[0]!.name }).click();
    await expect(page).toHaveURL(/\/details\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demoRecentEvents[0]!.name);
    for (const text of [demoRecentEvents[0]!.details, demoRecentEvents[0]!.details1, demoRecentEvents[0]!.details2]) {
      await expect(page.locator("main")).toContainText(text);
    }
    const images = page.locator("main article img");
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test("unknown ids, slugs and paths give the 404 page", async ({ page }) => {
    for (const path of [
      "/details/00000000-0000-4000-8000-000000000000",
      "/details/not-an-id",
      "/notice/no-such-notice",
      "/events/hackathon",
      "/panels/1999-2000",
      "/panels/nonsense",
      "/no/such/page",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("common.error.pageNotFound"));
    }
  });

  test("notice board: newest first; a notice opens and its PDF answers 200 application/pdf", async ({ page }) => {
    await page.goto("/notice");
    const items = page.getByRole("region", { name: "Notices" }).getByRole("link");
    await expect(items.first()).toContainText(newestNotice.name);
    const { day, chrMonth } = noticeDateParts(newestNotice.publishingDate);
    await expect(items.first()).toContainText(`${day}${chrMonth}`);

    const notice = demoNotices[0]!;
    await page.getByRole("link", { name: notice.name }).click();
    await expect(page).toHaveURL(`/notice/${slugifyWith(notice.name, NOTICE_FALLBACK_SLUG)}`);
    const article = page.getByRole("article");
    await expect(page.getByRole("heading", { level: 1, name: notice.name })).toBeVisible();
    await expect(article).toContainText(notice.description);
    await expect(article).toContainText("Published on 5 January 2026");
    const href = await article.getByRole("link", { name: /Details/ }).getAttribute("href");
    expect(href).toMatch(/^\/media\/.+\.pdf$/);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
  });

  test("results: newest first with the sheet image and a working file link", async ({ page }) => {
    await page.goto("/results");
    await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText(NEWEST_RESULT_NAME);
    const first = page.getByRole("listitem").filter({ hasText: NEWEST_RESULT_NAME });
    await expect(first.getByRole("img", { name: `Result sheet of ${NEWEST_RESULT_NAME}` })).toBeVisible();
    const href = await first.getByRole("link", { name: "Download the result sheet (PDF)" }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.headers()["content-type"]).toContain("application/pdf");
  });

  test("students: Jump Batch filters to a batch, 'All' restores, pages of 24", async ({ page }) => {
    await page.goto("/students");
    const cards = page.getByRole("region", { name: "All students" }).getByRole("article");
    await expect(cards).toHaveCount(Math.min(24, demoStudents.length));
    const jump = page.getByRole("navigation", { name: "Jump Batch" });
    const batches = [...new Set(demoStudents.map((s) => s.batch))].sort();
    await expect(jump.getByRole("link")).toHaveText(["All", ...batches.map((b) => `Batch-${b}`)]);

    await jump.getByRole("link", { name: "Batch-3" }).click();
    await expect(page).toHaveURL("/students?batch=3");
    const batchCards = page.getByRole("region", { name: "Students of Batch-3" }).getByRole("article");
    await expect(batchCards).toHaveCount(demoStudents.filter((s) => s.batch === 3).length);
    for (const card of await batchCards.all()) await expect(card).toContainText("Batch: 3");
    await expect(jump.getByRole("link", { name: "Batch-3" })).toHaveAttribute("aria-current", "page");

    await jump.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL("/students");
    await expect(cards).toHaveCount(Math.min(24, demoStudents.length));
    if (demoStudents.length > 24) {
      await page.getByRole("navigation", { name: "Student pages" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL("/students?page=2");
      await expect(cards).toHaveCount(demoStudents.length - 24);
    }
  });

  test("executive panel: president and mentor first, then the designation order", async ({ page }) => {
    await page.goto("/executive-panel-2021");
    const names = await page.locator("main article h3").allTextContents();
    expect(names).toEqual(panel2021.map((e) => e.name));
    await expect(page.getByRole("navigation", { name: "Other panels" }).getByRole("link")).toHaveText([
      "2019-2020",
      "2018-2019",
      "2017-2018",
    ]);
  });

  test("sitemap lists every public page and notice; robots.txt points to it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/about", "/rules", "/events/boot-camp", "/results", "/teachers", "/students", "/2018-panel"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    for (const notice of demoNotices)
      expect(xml).toContain(`/notice/${slugifyWith(notice.name, NOTICE_FALLBACK_SLUG)}</loc>`);
    expect(xml.match(/\/details\/[0-9a-f-]{36}<\/loc>/g)).toHaveLength(demoRecentEvents.length);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
    expect(robots).toContain("Disallow: /dashboard");
  });
});

test.describe("with JavaScript", () => {
  test("the carousel offers a pause button and a dot scrolls to its slide", async ({ page }) => {
    await page.goto("/");
    const pause = page.getByRole("button", { name: "Pause" });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.getByRole("button", { name: "Play" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("link", { name: /^Slide 2:/ }).click();
    await expect(page.getByRole("link", { name: /^Slide 2:/ })).toHaveAttribute("aria-current", "true");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the home page does not shift while it loads", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    // Every shift so far, from the browser's buffer: taken at once, no waiting window.
    const shift = await page.evaluate(() => {
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: "layout-shift", buffered: true });
      const entries = observer.takeRecords() as (PerformanceEntry & { value: number })[];
      observer.disconnect();
      return entries.reduce((total, entry) => total + entry.value, 0);
    });
    expect(shift).toBeLessThan(0.02);
  });

  test("with reduced motion the carousel never auto-advances, so it shows no pause button", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator("[data-carousel-pause]")).toBeHidden();
  });

  test("pressing play loads the video player in place of the poster", async ({ page }) => {
    await page.route(/youtube/, (route) => route.fulfill({ contentType: "text/html", body: "<p>player</p>" }));
    await page.goto("/about");
    await expect(page.locator("iframe[src*='youtube']")).toHaveCount(0);
    await page.getByRole("link", { name: "Watch the club video" }).click();
    await expect(page.locator("iframe[src*='youtube'][src*='autoplay=1']")).toHaveCount(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const check of publicPages) {
    test(`${check.path} shows its content`, async ({ page }) => {
      await page.goto(check.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(check.h1);
      for (const text of check.texts) await expect(page.locator("main")).toContainText(text);
    });
  }

  test("links work: Jump Batch, a notice, event categories, a recent event; the video is a plain link", async ({
    page,
  }) => {
    await page.goto("/students");
    await page.getByRole("navigation", { name: "Jump Batch" }).getByRole("link", { name: "Batch-5" }).click();
    await expect(page).toHaveURL("/students?batch=5");
    await expect(page.locator("main article")).toHaveCount(demoStudents.filter((s) => s.batch === 5).length);

    await page.goto("/notice");
    await page.getByRole("link", { name: newestNotice.name }).click();
    await expect(page.getByRole("article")).toContainText(newestNotice.description);

    await page.goto("/events");
    await page.getByRole("navigation", { name: "Our Events" }).getByRole("link", { name: "Boot Camp" }).click();
    await expect(page).toHaveURL("/events/boot-camp");
    await expect(page.locator("main")).toContainText(firstOfType("Boot Camp"));

    await page.goto("/");
    await expect(page.locator("[data-carousel-pause]")).toBeHidden();
    await expect(page.getByRole("link", { name: "Watch the club video" })).toHaveAttribute("href", /^https:\/\//);
    await page.goto(await firstRecentEventPath(page));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demoRecentEvents[0]!.name);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("no page scrolls sideways", async ({ page }) => {
    for (const check of publicPages) {
      await page.goto(check.path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, check.path).toBeLessThanOrEqual(375);
    }
  });
});

/**
 * axe checks every public page whole at 1280 px in dark-mode.spec.ts and bangla.spec.ts; a phone
 * shows the same markup, and one state of its own: the menu open.
 */
test.describe("axe at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the home page with the menu open has zero violations", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "/ with the menu open at 375 px");
  });
});

test("a recent event's two pictures sit side by side on a wide screen, one above the other on a phone", async ({
  page,
}) => {
  const path = await firstRecentEventPath(page);
  const scenes = page.getByRole("img", { name: /, scene [12]$/ });
  const boxes = async () => Promise.all([0, 1].map(async (index) => (await scenes.nth(index).boundingBox())!));
  await page.goto(path);
  const [first, second] = await boxes();
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  await page.setViewportSize(PHONE);
  const [top, below] = await boxes();
  expect(below!.y).toBeGreaterThan(top!.y + top!.height);
  expect(Math.abs(below!.x - top!.x)).toBeLessThan(2);
});

test.describe("at 390 px, lists of people and the footer stay short", () => {
  test.use({ viewport: PHONE });

  test("a page of the 25 demo students is at most 4,000 px, a teacher's photo small, the footer at most 500 px", async ({
    page,
  }) => {
    await page.goto("/students");
    await expect(page.getByText("25 students")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(4000);
    expect((await page.locator("footer").boundingBox())!.height).toBeLessThanOrEqual(500);
    await page.goto("/teachers");
    const photo = (await page
      .getByRole("img", { name: /^Portrait of / })
      .first()
      .boundingBox())!;
    expect(photo.height).toBeLessThanOrEqual(120);
  });
});
