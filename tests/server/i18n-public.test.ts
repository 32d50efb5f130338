import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/content/site";
import { translatorOf } from "~/i18n/translate.server";
import { httpClient } from "../support/http-client";
import { pagesOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * The public pages (home, about, rules, events, notices, recent events, search) in Bangla (a
 * `lang=bn` cookie) and in English, on the production build with the demo's content.
 */
let server: RunningServer;
const { call } = httpClient(() => server.baseUrl);
const page = pagesOf(call);
const CLUB = defaultSiteSettings.clubName;
/** "৫ ডিসেম্বর, ২০২৬": a date as a Bangla page writes it. */
const BANGLA_DATE = /[০-৯]{1,2} [^\s<\d]+, [০-৯]{4}/;

let eventPath = "";
let noticePath = "";
let detailsPath = "";

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  eventPath = /href="(\/events\/programming-contest\/[^"#?]+)"/.exec(await page("/events", "en"))?.[1] ?? "";
  noticePath = /href="(\/notice\/[^"#?]+)"/.exec(await page("/notice", "en"))?.[1] ?? "";
  detailsPath = /href="(\/details\/[^"#?]+)"/.exec(await page("/", "en"))?.[1] ?? "";
  expect([eventPath, noticePath, detailsPath]).not.toContain("");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function expectAll(html: string, texts: string[], label: string) {
  for (const text of texts) expect(html, `${label}: ${text}`).toContain(text);
}

function expectNone(html: string, texts: string[], label: string) {
  for (const text of texts) expect(html, `${label}: ${text}`).not.toContain(text);
}

describe("the public pages in Bangla", () => {
  it("home: the welcome, the sections, the next events' dates and the footer", async () => {
    const html = await page("/", "bn");
    expect(html).toContain('<html lang="bn"');
    expectAll(
      html,
      [
        bn("public.home.welcome", { clubName: CLUB }),
        bn("public.home.aboutLink"),
        bn("public.home.comingUp"),
        bn("public.home.workshops.heading"),
        bn("public.home.whyJoin"),
        bn("public.home.recentEvents"),
        bn("public.home.contact.heading"),
        bn("public.video.watch"),
        `aria-label="${bn("public.home.carousel.label")}"`,
        `data-play-label="${bn("public.home.carousel.play")}"`,
        bn("public.footer.contact"),
        bn("public.events.category.programmingContest.label"),
      ],
      "/",
    );
    expect(html).toMatch(BANGLA_DATE);
    expect(html).toMatch(/কপিরাইট © ২০০১-[০-৯]{4} /);
    expectNone(
      html,
      ["Welcome to", "Why join the club?", "Recent Events", "Address and contact", "Coming up", "Copyright"],
      "/",
    );
  });

  it("about and rules: headings, title and the founding year in Bangla digits", async () => {
    const about = await page("/about", "bn");
    expect(about).toContain(`<title>${bn("public.about.heading")} | ${CLUB}</title>`);
    expectAll(
      about,
      [
        bn("public.about.since", { year: "২০০১" }),
        bn("public.about.achievements"),
        bn("public.about.community"),
        bn("public.about.email.link"),
        bn("public.about.social.link", { name: "Facebook" }),
      ],
      "/about",
    );
    expectNone(about, ["Since 2001", "What we have done", "Stay in touch", "Email the club"], "/about");

    const rules = await page("/rules", "bn");
    expect(rules).toContain(`<title>${bn("public.rules.heading")} | ${CLUB}</title>`);
    expectAll(rules, [bn("public.rules.eyebrow"), bn("public.rules.committee"), bn("public.rules.conduct")], "/rules");
    expectNone(rules, ["How the club works", "The committee", "Member conduct"], "/rules");
  });

  it("events: the sidebar, the category's texts, the follow links and Bangla dates", async () => {
    const html = await page("/events", "bn");
    expectAll(
      html,
      [
        bn("public.events.eyebrow"),
        bn("public.events.sidebar"),
        bn("public.events.category.workshop.label"),
        bn("public.events.category.programmingContest.intro"),
        bn("public.events.category.programmingContest.topic2"),
        bn("public.events.upcoming"),
        bn("public.events.list.problems"),
        bn("public.events.follow.calendar"),
      ],
      "/events",
    );
    expect(html).toMatch(BANGLA_DATE);
    expectNone(
      html,
      ["Our Events", "Problems:", "Duration:", "Add the events to your calendar", "Victory Day Programming Contest<"],
      "/events",
    );

    const workshop = await page("/events/workshop", "bn");
    expect(workshop).toContain(
      `<title>${bn("public.events.categoryTitle", { category: bn("public.events.category.workshop.label") })}`,
    );
    expectAll(
      workshop,
      [bn("public.events.category.workshop.topicsHeading"), bn("public.events.workshopTopics")],
      "/events/workshop",
    );
    expectNone(workshop, ["Our workshops", "Git and GitHub<"], "/events/workshop");
  });

  it("an event's page: its facts and calendar links", async () => {
    const html = await page(eventPath, "bn");
    expectAll(
      html,
      [
        bn("public.events.facts.starts"),
        bn("public.events.facts.venue"),
        bn("public.events.facts.problems"),
        bn("public.events.calendarLinks.ics"),
        bn("public.events.calendarLinks.google"),
      ],
      eventPath,
    );
    expect(html).toMatch(BANGLA_DATE);
    expectNone(html, [">Starts<", ">Venue<", "Download .ics", "Add to Google Calendar"], eventPath);
  });

  it("the notice board and a notice: headings, activities, dates and date tiles", async () => {
    const board = await page("/notice", "bn");
    expectAll(
      board,
      [
        bn("public.notice.eyebrow"),
        bn("public.notice.heading"),
        bn("public.notice.intro"),
        bn("public.notice.activities"),
        bn("public.notice.activity.ongoing"),
      ],
      "/notice",
    );
    expect(board).toMatch(new RegExp(`প্রকাশিত: ${BANGLA_DATE.source}`));
    // The date tile: the day in Bangla digits over the month's Bangla short name.
    expect(board).toMatch(/leading-none">[০-৯]{1,2}<\/span>/);
    expectNone(board, ["News and announcements", "Published on", "Our activities", "Ongoing courses"], "/notice");

    const notice = await page(noticePath, "bn");
    expect(notice).toMatch(new RegExp(`প্রকাশিত: <time dateTime="[\\d-]+">${BANGLA_DATE.source}</time>`));
    expectAll(notice, [bn("public.notice.details"), bn("public.notice.pdf"), bn("public.notice.back")], noticePath);
    expectNone(notice, ["(PDF of the notice)", "Back to the notice board"], noticePath);
  });

  it("a recent event's page", async () => {
    const html = await page(detailsPath, "bn");
    expectAll(html, [bn("public.recentEvent.eyebrow"), bn("public.recentEvent.back")], detailsPath);
    expectNone(html, ["Recent event", "Back to recent events", ", scene "], detailsPath);
  });

  it("search: the form, the count with Bangla digits, the kinds of result and the pages", async () => {
    const html = await page("/search?q=contest", "bn");
    expect(html).toContain(`<title>${bn("public.search.titleQuery", { query: "contest" })}`);
    expectAll(
      html,
      [bn("public.search.eyebrow"), bn("public.search.placeholder"), bn("public.search.type.event")],
      "/search",
    );
    expect(html).toMatch(/“contest”-এর জন্য [০-৯]+টি ফলাফল/);
    expect(html).toContain(`aria-label="${bn("public.search.pages")}"`);
    expect(html).toContain(`>${bn("public.pagination.next")}<`);
    expectNone(html, ["Find on this site", " results for ", ">Next<", ">Event<"], "/search");

    expect(await page("/search", "bn")).toContain(bn("public.search.prompt"));
    const tooShort = await page("/search?q=x", "bn");
    expect(tooShort).toContain(bn("public.search.tooShort", { min: "২" }));
    expect(tooShort).not.toContain("Type at least 2 letters");
  });

  it("search: a standings contest's date and a member's labels in Bangla, in English on English pages and in the API", async () => {
    const standings = await page("/search?q=selection", "bn");
    const heldOn = translatorOf("bn").format.date("2026-09-19");
    expect(heldOn).toBe("১৯ সেপ্টেম্বর, ২০২৬");
    expect(standings).toContain(`<span>${bn("public.search.snippet.standings")}</span> · <span>${heldOn}</span>`);
    expectNone(standings, ["Standings ·", "19 September 2026"], "/search?q=selection");

    // A member as a student (batch, handles) and as an executive (the panel); the name is marked.
    const member = await page("/search?q=sumaiya", "bn");
    // Each piece in its own language: the page's Bangla label, then a handle in Latin letters.
    expectAll(
      member,
      [
        `<span>${bn("public.search.snippet.batch", { batch: "৪" })}</span> · <span lang="en"><span>Codeforces: </span><mark`,
        `<span>${bn("public.search.snippet.panel", { panel: "2020-2021" })}</span>`,
      ],
      "/search?q=sumaiya",
    );
    expect(member).toMatch(/<mark class="[^"]*">sumaiya<\/mark>/i);
    expectNone(member, ["Batch 4", "Panel 2020-2021"], "/search?q=sumaiya");

    const english = await page("/search?q=selection", "en");
    expect(english).toContain("<span>Standings</span> · <span>19 September 2026</span>");
    expect(english).not.toContain(bn("public.search.snippet.standings"));
    const englishMember = await page("/search?q=sumaiya", "en");
    expectAll(
      englishMember,
      ["<span>Batch 4</span> · <span>Codeforces: </span><mark", "Panel 2020-2021"],
      "/search?q=sumaiya (en)",
    );
    expect(englishMember.slice(englishMember.indexOf("<main"))).not.toContain("lang=");

    // The JSON API answers in English whatever the reader's language.
    const api = await call("/api/search?q=sumaiya", { cookie: "lang=bn" });
    const snippets = ((await api.json()) as { results: { snippet: string }[] }).results.map((hit) => hit.snippet);
    expect(snippets).toContainEqual(expect.stringMatching(/^Batch 4 · Codeforces: sumaiya_rmstu/));
    expect(snippets).toContainEqual(expect.stringMatching(/ · Panel 2020-2021$/));
    expect(JSON.stringify(snippets)).not.toMatch(/[\u0980-\u09FF]/);
    const contest = await call("/api/search?q=selection", { cookie: "lang=bn" });
    expect(JSON.stringify(await contest.json())).toContain("Standings · 19 September 2026");
  });
});

describe("the same pages in English keep the spec's texts", () => {
  const englishPages = (): [string, string[]][] => [
    ["/", [`Welcome to ${CLUB}`, "Why join the club?", "Recent Events", "Address and contact", "Copyright © 2001-"]],
    ["/about", ["About the club", "Since 2001", "What we have done", "Stay in touch", "Follow us on Facebook"]],
    ["/rules", ["Rules and Regulation", "How the club works", "The committee", "Membership", "Member conduct"]],
    ["/events", ["Events", "Our Events", "Upcoming events", "Problems:", "Duration:", "Our major contests"]],
    ["/events/workshop", ["<title>Workshop | Events", "Our workshops", "Git and GitHub", "Workshop topics"]],
    [eventPath, [">Starts<", ">Venue<", ">Problems<", "Download .ics", "Add to Google Calendar"]],
    // Its registration closes at an instant, shown on the club's clocks (23:59 in Dhaka).
    [
      "/events/programming-contest/rmstu-intra-university-programming-contest-2026",
      [">Registration closes<", "10 December 2026, 11:59 PM"],
    ],
    ["/notice", ["News and announcements", "Notice Board", "Published on ", "Our activities", "Ongoing courses"]],
    [noticePath, ["Published on <time", "Details", "(PDF of the notice)", "Back to the notice board"]],
    [detailsPath, ["Recent event", "Back to recent events", ", scene 1"]],
    ["/search?q=contest", ["<title>Search: contest", "Find on this site", " results for “contest”", ">Next<"]],
  ];

  it("each page, in English and with no language asked for", async () => {
    for (const [path, texts] of englishPages()) {
      // Asked for in Bangla first: the page cache must keep the languages apart.
      await page(path, "bn");
      for (const lang of ["en", null] as const) {
        const html = await page(path, lang);
        expect(html, path).toContain('<html lang="en"');
        expectAll(html, texts, `${path} (${lang ?? "no cookie"})`);
      }
    }
  });

  it("English dates keep the site's own spelling", async () => {
    const board = await page("/notice", "en");
    expect(board).toMatch(/Published on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(board).not.toMatch(/[০-৯]/);
    expect(await page("/search?q=x", "en")).toContain(en("public.search.tooShort", { min: "2" }));
  });
});

describe("content in the other language than the page's says so", () => {
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  /** The attributes of the first `tag` whose whole text is `text` (there must be one). */
  const attributesAround = (html: string, tag: string, text: string) => {
    const found = new RegExp(`<${tag}((?: [a-zA-Z-]+="[^"]*")*)>${escapeRegExp(text)}</${tag}>`).exec(html);
    expect(found, `<${tag}>${text}</${tag}>`).not.toBeNull();
    return found?.[1] ?? "";
  };

  it('an English notice and person name: lang="en" on a Bangla page, no lang on an English page', async () => {
    const english = await page(noticePath, "en");
    const name = /<h1 id="notice-title"[^>]*>([^<]+)<\/h1>/.exec(english)?.[1] ?? "";
    expect(name).toMatch(/^[\x20-\x7e]+$/);
    expect(attributesAround(english, "h1", name)).not.toContain("lang=");
    expect(attributesAround(await page(noticePath, "bn"), "h1", name)).toContain(' lang="en"');

    const teachers = await page("/teachers", "en");
    const teacher = /<h2 class="[^"]*">([^<]+)<\/h2>/.exec(teachers)?.[1] ?? "";
    expect(teacher).toMatch(/^[A-Z][\x20-\x7e]+$/);
    expect(attributesAround(teachers, "h2", teacher)).not.toContain("lang=");
    expect(attributesAround(await page("/teachers", "bn"), "h2", teacher)).toBe(
      ' lang="en" class="text-base font-semibold text-navy-900 sm:text-lg"',
    );
  });

  it("the site settings' texts (the club's name, footer columns, address) say lang=\"en\" on a Bangla page only", async () => {
    const english = await page("/", "en");
    const bangla = await page("/", "bn");
    const heading = /<h2 id="footer-column-1"[^>]*>([^<]+)<\/h2>/.exec(english)?.[1] ?? "";
    expect(heading).toMatch(/^[A-Z][\x20-\x7e]+$/);
    expect(/<h2 id="footer-column-1"([^>]*)>/.exec(english)?.[1]).not.toContain("lang=");
    expect(/<h2 id="footer-column-1"([^>]*)>/.exec(bangla)?.[1]).toContain('lang="en"');
    const footerOf = (html: string) => html.slice(html.indexOf("<footer"));
    expect(attributesAround(footerOf(bangla), "a", "About the club")).toContain(' lang="en"');
    expect(attributesAround(footerOf(english), "a", "About the club")).not.toContain("lang=");
    expect(attributesAround(bangla, "span", "RMSTU PC")).toContain(' lang="en"');
    expect(attributesAround(english, "span", "RMSTU PC")).not.toContain("lang=");
  });

  it("a Bangla notice with an English description: each part marked where it is not the page's language", async () => {
    const admin = await signInDemoAdmin(server);
    const name = "ভাষা দিবস প্রোগ্রামিং কনটেস্টের নিবন্ধন";
    const description = "Registration closes on Friday at noon.";
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Dhaka" });
    const added = await call("/api/add-notice", {
      method: "POST",
      cookie: admin,
      body: { name, publishing_date: today, pdfFile: "https://example.org/notice.pdf", description },
    });
    expect(added.status).toBe(201);

    const englishBoard = await page("/notice", "en");
    const path = new RegExp(`href="(/notice/[^"]+)"[^>]*>(?:(?!</a>).)*${name}`).exec(englishBoard)?.[1] ?? "";
    expect(path).not.toBe("");
    expect(attributesAround(englishBoard, "span", name)).toContain(' lang="bn"');
    expect(attributesAround(await page("/notice", "bn"), "span", name)).not.toContain("lang=");

    const english = await page(encodeURI(path), "en");
    expect(attributesAround(english, "h1", name)).toContain(' lang="bn"');
    expect(attributesAround(english, "p", description)).not.toContain("lang=");
    const bangla = await page(encodeURI(path), "bn");
    expect(attributesAround(bangla, "h1", name)).not.toContain("lang=");
    expect(attributesAround(bangla, "p", description)).toContain(' lang="en"');
    // The page's own words and dates are never marked: they are in its language.
    expect(bangla).toMatch(new RegExp(`<p class="[^"]*">প্রকাশিত: <time dateTime="${today}">`));
  });
});
