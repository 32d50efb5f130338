import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { en } from "../support/messages";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { waitFor } from "../support/wait-for";

/**
 * Proving an address: a sign-up is mailed a link; until it is opened the person may sign in and
 * look around, but not claim a student record made for the address, apply at /join, answer a
 * team invitation or become admin through ADMIN_EMAILS. Against the production build, with
 * mail through a local SMTP server.
 */
const ADMIN = { name: "Verify Admin", email: "verify-admin@example.org", password: "admin-password-1" };
const LISTED = { name: "Listed Person", email: "listed-verify@example.org", password: "listed-password-1" };

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
let smtp: TestSmtpServer;
let adminCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

const VERIFY_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s"<>]+/;

/** The link of the verification mail to `email` after `seen` earlier ones (other mails are not counted). */
async function verificationLinkTo(email: string, seen = 0): Promise<string> {
  const mailsTo = () =>
    smtp.received.filter((mail) => mail.to.includes(email) && VERIFY_LINK.test(mail.parsed.text ?? ""));
  await smtp.waitUntil(() => mailsTo().length > seen, `verification mail ${seen + 1} to ${email}`);
  return VERIFY_LINK.exec(mailsTo()[seen]!.parsed.text ?? "")![0];
}

/**
 * Until the second after the one `link` was signed in. better-auth's link is a token of the
 * address and the second it was made (a JWT's `iat`): asked again within that second, the link
 * is the same one and is mailed once (the mail queue keeps one mail per link).
 */
async function untilSecondAfter(link: string) {
  const token = new URL(link).searchParams.get("token") ?? "";
  const { iat } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { iat: number };
  await waitFor(() => (Date.now() >= (iat + 1) * 1000 ? true : undefined), `the second after the link of ${iat}`);
}

/** Opens a mailed link as the browser would, with the session it has; where it lands and the cookies it gets. */
async function openLink(link: string, cookie?: string) {
  const { pathname, search } = new URL(link);
  const verified = await call(`${pathname}${search}`, { cookie });
  expect(verified.status).toBe(302);
  const landing = verified.headers.get("location")!;
  const back = await call(landing, { cookie });
  expect(back.status).toBe(302);
  return { location: back.headers.get("location"), cookies: back.headers.getSetCookie() };
}

/** The Cookie header a browser sends after these Set-Cookie lines: a cookie set again is replaced. */
function withRenewed(cookie: string, setCookies: string[]): string {
  const jar = new Map(cookie.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  jar.delete("flash");
  return [...jar.values()].join("; ");
}

async function addStudent(name: string, email: string): Promise<string> {
  const added = await call("/api/add-student", {
    method: "POST",
    cookie: adminCookie,
    body: { name, email, photoURL: "/media/p.png" },
  });
  expect(added.status).toBe(201);
  return ((await added.json()) as { insertedId: string }).insertedId;
}

async function openRound(): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const round = { intent: "open-round", session: "2080-2081", opens_on: today, closes_on: "2099-12-31" };
  await call("/dashboard/membership", { method: "POST", form: round, cookie: adminCookie });
  await call("/dashboard/membership", { method: "POST", form: { ...round, confirmed: "yes" }, cookie: adminCookie });
  const screen = await (await call("/dashboard/membership", { cookie: adminCookie })).text();
  const roundId = /<option value="([0-9a-f-]{36})"[^>]*>2080-2081:/.exec(screen)?.[1];
  expect(roundId).toBeDefined();
  return roundId!;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: `${ADMIN.email},${LISTED.email}`,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    SMTP_URL: smtp.url,
    SMTP_RATE_PER_MINUTE: "6000",
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);
}, 120_000);

afterAll(async () => {
  await running?.close();
  await smtp?.close();
});

describe("a new account", { timeout: 90_000 }, () => {
  it("is mailed a link in its language, may sign in unproved, and is proved by the link (banner gone at once)", async () => {
    const person = { name: "Bangla Person", email: "bn-verify@example.org", password: "bn-password-1" };
    const signedUp = await call("/api/auth/sign-up/email", {
      method: "POST",
      body: person,
      headers: { Origin: server.baseUrl, "Accept-Language": "bn" },
    });
    expect(signedUp.status).toBe(200);
    const cookie = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const link = await verificationLinkTo(person.email);
    const mail = smtp.received.find((received) => received.to.includes(person.email))!;
    expect(mail.parsed.subject).toContain("নিশ্চিত করুন");

    // Signed in, unproved: the pages say so and offer a new link.
    const home = await (await call("/", { cookie })).text();
    expect(home).toContain(en("accounts.verify.resend"));

    const { location, cookies } = await openLink(link, cookie);
    expect(location).toBe("/dashboard");
    expect(cookies.some((line) => line.startsWith("flash=email-verified"))).toBe(true);
    const after = await (await call("/", { cookie: withRenewed(cookie, cookies) })).text();
    expect(after).not.toContain(en("accounts.verify.resend"));
  });

  it("sends a new link from the banner a few times an hour, and never through better-auth's own endpoint", async () => {
    const person = { name: "Resend Person", email: "resend-verify@example.org", password: "resend-password-1" };
    const cookie = await signUp(person, { verified: false });
    let link = await verificationLinkTo(person.email);
    const resend = () => call("/email-verification", { method: "POST", cookie, form: { redirectTo: "/events" } });
    for (const seen of [1, 2, 3]) {
      await untilSecondAfter(link);
      const sent = await resend();
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe("/events");
      expect(sent.headers.getSetCookie().some((line) => line.startsWith("flash=verification-sent"))).toBe(true);
      const next = await verificationLinkTo(person.email, seen);
      expect(next).not.toBe(link);
      link = next;
    }
    const limited = await resend();
    expect(limited.headers.getSetCookie().some((line) => line.startsWith("flash=verification-wait"))).toBe(true);

    const direct = await call("/api/auth/send-verification-email", {
      method: "POST",
      body: { email: person.email },
      headers: { Origin: server.baseUrl },
    });
    expect(direct.status).toBe(404);
    expect(smtp.received.filter((mail) => mail.to.includes(person.email))).toHaveLength(4);
  });

  it("says so when a link is not valid", async () => {
    const { pathname } = new URL(await verificationLinkTo(ADMIN.email));
    const bad = await call(`${pathname}?token=not-a-token&callbackURL=%2Femail-verification`);
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/email-verification?error=invalid_token");
    const landing = await call(bad.headers.get("location")!);
    expect(landing.headers.get("location")).toBe("/");
    expect(landing.headers.getSetCookie().some((line) => line.startsWith("flash=verification-failed"))).toBe(true);
  });
});

describe("what needs a proved address", { timeout: 90_000 }, () => {
  it("claiming a student record made for it: refused, then allowed once the link is opened", async () => {
    const person = { name: "Claim Person", email: "claim-verify@example.org", password: "claim-password-1" };
    const cookie = await signUp(person, { verified: false });
    const studentId = await addStudent("Claim Person", person.email);
    const claim = () => call("/dashboard/profile", { method: "POST", cookie, form: { intent: "claim", studentId } });
    const refused = await claim();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Please confirm your email address first");
    expect((await call("/api/members/me", { cookie })).status).toBe(404);

    await openLink(await verificationLinkTo(person.email), cookie);
    expect((await claim()).status).toBe(200);
    expect((await call("/api/members/me", { cookie })).status).toBe(200);
  });

  it("applying at /join and through the API: refused, then allowed", async () => {
    const roundId = await openRound();
    const person = { name: "Join Person", email: "join-verify@example.org", password: "join-password-1" };
    const cookie = await signUp(person, { verified: false });
    const page = await (await call("/join", { cookie })).text();
    expect(page).toContain("Please confirm your email address first");
    const form = { name: "Join Person", batch: "12", session: "2080-2081", photoURL: "https://example.org/a.png" };
    const refusedForm = await call("/join", { method: "POST", cookie, form });
    expect(refusedForm.status).toBe(403);
    const path = `/api/membership-rounds/${roundId}/applications`;
    const body = { name: "Join Person", batch: 12, photoURL: "https://example.org/a.png" };
    const refusedApi = await call(path, { method: "POST", cookie, body });
    expect(refusedApi.status).toBe(403);
    expect((await refusedApi.json()).message).toMatch(/confirm your email address first/);

    await openLink(await verificationLinkTo(person.email), cookie);
    expect((await call(path, { method: "POST", cookie, body })).status).toBe(201);
  });

  it("confirming a team invitation: refused, then allowed", async () => {
    const added = await call("/api/add-event", {
      method: "POST",
      cookie: adminCookie,
      body: {
        eventType: "Programming Contest",
        name: "Verify Cup",
        starts_on: "2099-03-01",
        starts_at: "10:00",
        problem_number: 5,
        contest_duration: "3 Hours",
        details: "Teams of two.",
        team_size_min: 2,
        team_size_max: 2,
      },
    });
    expect(added.status).toBe(201);
    const eventId = ((await added.json()) as { insertedId: string }).insertedId;
    const captain = await signUp({
      name: "Cup Captain",
      email: "captain-verify@example.org",
      password: "captain-pw-1",
    });
    const mate = { name: "Cup Mate", email: "mate-verify@example.org", password: "mate-password-1" };
    const registered = await call(`/api/events/${eventId}/registrations`, {
      method: "POST",
      cookie: captain,
      body: { team_name: "Provers", members: [mate.email] },
    });
    expect(registered.status).toBe(201);

    const mateCookie = await signUp(mate, { verified: false });
    const confirm = () =>
      call("/events/programming-contest/verify-cup", {
        method: "POST",
        cookie: mateCookie,
        form: { intent: "confirm-team" },
      });
    const refused = await confirm();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Please confirm your email address first");

    await openLink(await verificationLinkTo(mate.email), mateCookie);
    expect((await confirm()).status).toBe(200);
    const list = await call(`/api/events/${eventId}/registrations`, { cookie: adminCookie });
    expect(JSON.stringify(await list.json())).toContain('"status":"confirmed"');
  });

  it("becoming admin through ADMIN_EMAILS: only once the address is proved, at once when it is", async () => {
    const cookie = await signUp(LISTED, { verified: false });
    expect((await call("/api/users", { cookie })).status).toBe(403);
    const signIn = await call("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: LISTED.email, password: LISTED.password },
      headers: { Origin: server.baseUrl },
    });
    expect(signIn.status).toBe(200);
    expect((await call("/api/users", { cookie })).status).toBe(403);

    await openLink(await verificationLinkTo(LISTED.email), cookie);
    expect((await call("/api/users", { cookie })).status).toBe(200);
  });
});
