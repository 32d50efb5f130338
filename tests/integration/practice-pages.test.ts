import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type StandInJudges, startStandInJudges } from "../support/judges";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";
import { waitFor } from "../support/wait-for";

/**
 * A member names their Codeforces handle and their page shows what the judge (a stand-in
 * answering with recorded real answers) says: rating and rank in the judge's colours, when it
 * was read, the rating chart drawn on the server with its table, and solved problems per week.
 */
const ADMIN = { name: "Practice Admin", email: "practice-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Unbit Member", email: "unbit.member@example.org", password: "member-password-1" };
const GHOST = { name: "Ghost Member", email: "ghost.member@example.org", password: "member-password-2" };

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
let judges: StandInJudges;
const { call, signUp } = httpClient(() => server.baseUrl);
const slugs: Record<"member" | "ghost", string> = { member: "", ghost: "" };
let adminCookie = "";

/** An admin adds the student; the member claims the record and names a Codeforces handle. */
async function memberWithHandle(person: typeof MEMBER, adminCookie: string, codeforces: string): Promise<string> {
  const cookie = await signUp(person);
  const added = await call("/api/add-student", {
    method: "POST",
    cookie: adminCookie,
    body: { name: person.name, batch: 9, email: person.email, photoURL: "https://example.org/p.png" },
  });
  const { insertedId } = (await added.json()) as { insertedId: string };
  const claimed = await call("/dashboard/profile", {
    method: "POST",
    cookie,
    form: { intent: "claim", studentId: insertedId },
  });
  expect(claimed.status).toBe(200);
  const saved = await call("/api/members/me", {
    method: "PUT",
    cookie,
    body: { name: person.name, batch: 9, photoURL: "https://example.org/p.png", codeforces, listed: true },
  });
  expect(saved.status, await saved.clone().text()).toBeLessThan(300);
  const { profileUrl } = (await saved.json()) as { profileUrl: string };
  return new URL(profileUrl, server.baseUrl).pathname;
}

beforeAll(async () => {
  judges = await startStandInJudges();
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    CODEFORCES_API_URL: judges.codeforcesApiUrl,
    ATCODER_URL: judges.atcoderUrl,
    ATCODER_PROBLEMS_API_URL: judges.atcoderProblemsApiUrl,
    CODEFORCES_CALL_SECONDS: "0.1",
    ATCODER_CALL_SECONDS: "0.1",
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  slugs.member = await memberWithHandle(MEMBER, adminCookie, "unbit");
  slugs.ghost = await memberWithHandle(GHOST, adminCookie, "no_such_handle_here");
}, 120_000);

afterAll(async () => {
  await running?.close();
  await judges?.close();
});

describe("a member page with practice from the judges", () => {
  it("shows the rating and rank in the judge's colour, when it was read, the chart and its table", async () => {
    // Saving the handle asked for a sync: the page shows the judge's answer within moments.
    const page = await waitFor(async () => {
      const html = await (await call(slugs.member)).text();
      return html.includes("1622") ? html : undefined;
    }, "the member page to show the rating read from Codeforces");
    // Current and best: 1622, expert, in Codeforces' blue for experts.
    expect(page).toContain("<strong>1,622 (expert)</strong>");
    expect(page).toMatch(/background-color:#0000ff/);
    expect(page).toContain("Last read from the judge");
    // The chart: an SVG with a text alternative, and the same history as a table.
    expect(page).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Codeforces rating over 30 rated contests: from 380 to 1622"/,
    );
    expect(page).toContain("<polyline");
    expect(page).toContain("Codeforces Round 1039 (Div. 2)");
    expect(page).toMatch(/<th scope="col"[^>]*>Change<\/th>/);
    expect(page).toContain("Problems solved per week (last 12 weeks)");
    // No script is needed to draw any of it.
    expect(page).not.toMatch(/<script[^>]*src="[^"]*member-practice/);
  });

  it("says when the judge doesn't know the handle", async () => {
    const page = await waitFor(async () => {
      const html = await (await call(slugs.ghost)).text();
      return html.includes("doesn") ? html : undefined;
    }, "the member page to say the handle is unknown");
    expect(page).toContain("no_such_handle_here");
    expect(page).toMatch(/Codeforces doesn(’|'|&#x27;)t know the handle/);
  });
});

describe("/practice", () => {
  it("lists the rating leaderboard in the judge's colours, by batch, and the problems as CSV", async () => {
    await waitFor(async () => (await (await call(slugs.member)).text()).includes("1622"), "the first sync");
    const page = await (await call("/practice")).text();
    expect(page).toContain("Practice leaderboard");
    // Under the judge's name, ranked among that judge's ratings.
    expect(page).toMatch(/>Codeforces<\/h3>[\s\S]*Unbit Member[\s\S]*>unbit<[\s\S]*1,622 \(expert\)/);
    // The recorded solves are of 2025: nothing was solved this week.
    expect(page).toContain("No problems solved in this period yet.");
    expect(await (await call("/practice?period=term&batch=9")).text()).toContain("Unbit Member");
    expect(await (await call("/practice?period=term&batch=3")).text()).not.toContain("Unbit Member");
    const csv = await call("/practice.csv?period=month");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\n")[0]).toContain("Rank,Name,Batch,Problems solved,Difficulty-weighted score");
  });
});

describe("/contests", () => {
  it("shows the judges' contests beside the club's events, with a calendar feed", async () => {
    const page = await (await call("/contests")).text();
    expect(page).toContain("Contest calendar");
    expect(page).toContain('href="/contests.ics"');
    // The recorded contest list is of July 2023: none of its contests is still to come.
    expect(page).toContain("No upcoming contests read from the judges yet.");
    const calendar = await call("/contests.ics");
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get("content-type")).toContain("text/calendar");
    const text = await calendar.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text).toContain("X-WR-CALNAME:");
  });
});

describe("the dashboard's Judges' sync screen", () => {
  it("shows admins each judge's state and the handles in trouble, and asks for a read on demand", async () => {
    await waitFor(async () => (await (await call(slugs.ghost)).text()).includes("doesn"), "the first sync");
    const page = await (await call("/dashboard/practice-sync", { cookie: adminCookie })).text();
    expect(page).toContain("Reading practice from the judges");
    expect(page).toMatch(/Codeforces[\s\S]*Last answer: (?!never)/);
    expect(page).toContain("Ghost Member · Codeforces: no_such_handle_here · unknown to the judge");
    const asked = await call("/dashboard/practice-sync", { method: "POST", cookie: adminCookie, form: {} });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Asked: the judges are read in a moment");
  });

  it("is for admins only", async () => {
    const member = await call("/dashboard/practice-sync", {
      cookie: await signUp({ name: "Someone", email: "someone@example.org", password: "someone-password-1" }),
    });
    expect(member.status).toBe(403);
  });
});
