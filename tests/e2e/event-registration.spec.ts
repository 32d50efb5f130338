import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { en } from "../support/messages";
import { ensureAccount, logInAsAdmin, newAccount, type TestAccount } from "./support/accounts";
import { codeOf, outcome, typeCode } from "./support/check-in";
import { expectNoAxeViolations, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/** A person on their phone, signed in by signing up. */
async function phoneOf(
  browser: Browser,
  baseURL: string,
  prefix: string,
): Promise<{ account: TestAccount; page: Page }> {
  const account = newAccount(prefix);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await ensureAccount(context.request, baseURL, account);
  return { account, page: await context.newPage() };
}

interface Team {
  name: string;
  captain: { account: TestAccount; page: Page };
  mates: [{ account: TestAccount; page: Page }, { account: TestAccount; page: Page }];
}

test.setTimeout(240_000);

test("three teams for two places: the third waits and moves up when a team cancels; check-in at the door, offline too; certificates", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = crypto.randomBytes(3).toString("hex");
  const name = `Team Cup ${id}`;
  await logInAsAdmin(page, baseURL!);
  const eventBody = {
    eventType: "Programming Contest",
    name,
    starts_on: "2099-06-01",
    starts_at: "10:00",
    problem_number: 8,
    contest_duration: "3 Hours",
    details: "Teams of three.",
    capacity: 2,
    team_size_min: 3,
    team_size_max: 3,
  };
  const added = await page.request.post("/api/add-event", { headers: { Origin: baseURL! }, data: eventBody });
  expect(added.status()).toBe(201);
  const { insertedId: eventId } = (await added.json()) as { insertedId: string };
  const eventPath = `/events/programming-contest/team-cup-${id}`;

  const teams: Team[] = [];
  for (const team of ["Alpha", "Beta", "Gamma"]) {
    const captain = await phoneOf(browser, baseURL!, `captain-${team.toLowerCase()}`);
    const mates: Team["mates"] = [await phoneOf(browser, baseURL!, "mate"), await phoneOf(browser, baseURL!, "mate")];
    teams.push({ name: `${team} ${id}`, captain, mates });
  }
  const [alpha, beta, gamma] = teams as [Team, Team, Team];

  // Alpha's captain registers on the event page, with JavaScript off as on a slow phone.
  const captainPage = alpha.captain.page;
  await captainPage.goto(eventPath);
  await expect(captainPage.getByText("2 places left.")).toBeVisible();
  await expectNoAxeViolations(captainPage, "the registration form at 390 px");
  await captainPage.getByLabel("Team name").fill(alpha.name);
  await captainPage.getByLabel("Teammate 1").fill(alpha.mates[0].account.email);
  await captainPage.getByRole("button", { name: en("accounts.registration.registerTeam") }).click();
  await expect(
    captainPage.getByText(en("messages.registration.teamSizeExact", { min: 3, teammates: 2 })).first(),
  ).toBeVisible();
  await expect(captainPage.getByLabel("Teammate 1")).toHaveValue(alpha.mates[0].account.email);
  await captainPage.getByLabel("Teammate 2").fill(alpha.mates[1].account.email);
  await captainPage.getByRole("button", { name: en("accounts.registration.registerTeam") }).click();
  await expect(captainPage.getByText(en("accounts.registration.pending", { team: alpha.name }))).toBeVisible();

  // Beta and Gamma register through the API; Gamma is beyond the two places.
  const registerByApi = async (team: Team) => {
    const response = await team.captain.page.request.post(`/api/events/${eventId}/registrations`, {
      headers: { Origin: baseURL! },
      data: { team_name: team.name, members: team.mates.map((mate) => mate.account.email) },
    });
    expect(response.status()).toBe(201);
    return response.json();
  };
  expect(await registerByApi(beta)).toMatchObject({ status: "pending" });
  expect(await registerByApi(gamma)).toMatchObject({ status: "waitlisted", position: 1 });
  const again = await beta.mates[0].page.request.post(`/api/events/${eventId}/registrations`, {
    headers: { Origin: baseURL! },
    data: { team_name: `Other ${id}`, members: [newAccount().email, newAccount().email] },
  });
  expect(again.status()).toBe(409);

  // Every teammate confirms on the event's page.
  for (const team of teams) {
    for (const mate of team.mates) {
      await mate.page.goto(eventPath);
      await mate.page.getByRole("button", { name: en("accounts.registration.confirmTeam") }).click();
      await expect(mate.page.getByText(en("messages.registration.teamConfirmed"))).toBeVisible();
    }
  }
  await captainPage.goto(eventPath);
  await expect(captainPage.getByText(en("accounts.registration.teamRegistered", { team: alpha.name }))).toBeVisible();
  await expect(captainPage.getByText("All places are taken: new registrations join the waitlist.")).toBeVisible();
  await gamma.captain.page.goto(eventPath);
  await expect(gamma.captain.page.getByText(en("accounts.registration.waitlisted", { position: 1 }))).toBeVisible();
  await expectNoAxeViolations(gamma.captain.page, "a waitlisted team's registration at 390 px");

  // Alpha cancels (the page asks first); Gamma moves up.
  await captainPage.getByRole("button", { name: en("accounts.registration.cancelTeam") }).click();
  await captainPage.getByRole("button", { name: "Yes" }).click();
  await expect(captainPage.getByText(en("messages.registration.cancelledMine"))).toBeVisible();
  await gamma.captain.page.reload();
  await expect(
    gamma.captain.page.getByText(en("accounts.registration.teamRegistered", { team: gamma.name })),
  ).toBeVisible();
  await gamma.captain.page.getByRole("link", { name: "Show my ticket" }).click();
  await expect(gamma.captain.page.getByRole("img", { name: "Your ticket's QR code" })).toBeVisible();
  await expect(gamma.captain.page.getByText(/^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/)).toBeVisible();
  await expectNoAxeViolations(gamma.captain.page, "a ticket at 390 px");

  // The mail that told Gamma's captain waits in the outbox (no SMTP here).
  await expect(async () => {
    await page.goto("/dashboard/outbox");
    await expect(
      page.getByRole("row", { name: new RegExp(gamma.captain.account.email) }).getByText(`A place opened up: ${name}`),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  // The admins' list: Beta and Gamma hold the places, Alpha is cancelled; the CSV has everyone.
  await page.goto(`/dashboard/events/${eventId}/registrations`);
  await expect(page.getByText("2 of 2 places taken, 0 on the waitlist.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`${gamma.name}.*Confirmed`) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`${alpha.name}.*Cancelled`) })).toBeVisible();
  await expectNoAxeViolations(page, "the registrations screen");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download CSV/ }).click();
  const csv = await (await download).createReadStream();
  const text = await new Response(csv as unknown as ReadableStream).text();
  expect(text.split("\n")[0]).toContain("Registration,Status,Waitlist position,Team,Name,Email");
  for (const team of teams) expect(text).toContain(team.captain.account.email);

  // At the door, on the admin's phone: Gamma's captain online, Beta's captain with the network off.
  await page.setViewportSize(PHONE);
  await page.goto(`/dashboard/events/${eventId}/check-in`);
  await waitForForm(page);
  await typeCode(page, await codeOf(page, gamma.captain.account.name), "click");
  await expect(outcome(page)).toContainText(gamma.captain.account.name);
  await page.context().setOffline(true);
  await typeCode(page, await codeOf(page, beta.captain.account.name), "enter");
  await expect(outcome(page)).toContainText(beta.captain.account.name);
  await expect(page.getByText(en("tools.checkIn.offline", { count: 1 }))).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText(en("tools.checkIn.allSent"))).toBeVisible();

  // After the contest (its date moved into the past), certificates for the two checked in.
  const moved = await page.request.put(`/api/event/${eventId}`, {
    headers: { Origin: baseURL! },
    data: { ...eventBody, starts_on: "2024-06-01" },
  });
  expect(moved.status()).toBe(200);
  const issued = await page.request.post(`/api/events/${eventId}/certificates`, { headers: { Origin: baseURL! } });
  expect(await issued.json()).toEqual({ issued: 2, total: 2 });
  await gamma.captain.page.goto("/dashboard/profile");
  const certificateLink = gamma.captain.page.getByRole("link", {
    name: en("accounts.certificates.pageOf", { event: name }),
  });
  await gamma.captain.page.goto((await certificateLink.getAttribute("href")) ?? "");
  await expect(gamma.captain.page.getByRole("heading", { level: 1 })).toHaveText(en("people.certificate.genuine"));
  await expect(gamma.captain.page.locator("dl")).toContainText(gamma.captain.account.name);

  // Removing Beta from the dashboard asks first, then frees the place.
  await page.goto(`/dashboard/events/${eventId}/registrations`);
  await page.getByRole("button", { name: `Remove ${beta.name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(toast(page, `${beta.name} is removed.`)).toBeVisible();
  await expect(page.getByText("1 of 2 places taken, 0 on the waitlist.")).toBeVisible();

  await removeByName(page, "events", name);
});

test("someone named in a team declines, from the event page with the keyboard or from the mail's link without an account, and registers alone", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = crypto.randomBytes(3).toString("hex");
  const name = `Pair Cup ${id}`;
  await logInAsAdmin(page, baseURL!);
  const added = await page.request.post("/api/add-event", {
    headers: { Origin: baseURL! },
    data: {
      eventType: "Programming Contest",
      name,
      starts_on: "2099-07-01",
      starts_at: "10:00",
      problem_number: 5,
      contest_duration: "2 Hours",
      details: "Pairs.",
      capacity: 5,
      team_size_min: 2,
      team_size_max: 2,
    },
  });
  expect(added.status()).toBe(201);
  const { insertedId: eventId } = (await added.json()) as { insertedId: string };
  const eventPath = `/events/programming-contest/pair-cup-${id}`;
  const squatter = await phoneOf(browser, baseURL!, "squatter");
  const named = await phoneOf(browser, baseURL!, "named");
  const stranger = `stranger-${id}@example.org`;
  const registerByApi = async (members: string[]) => {
    const response = await squatter.page.request.post(`/api/events/${eventId}/registrations`, {
      headers: { Origin: baseURL! },
      data: { team_name: `Squatters ${crypto.randomBytes(2).toString("hex")}`, members },
    });
    expect(response.status()).toBe(201);
  };
  await registerByApi([named.account.email]);

  // The named person sees the invitation with both answers, and declines with the keyboard.
  await named.page.goto(eventPath);
  const decline = named.page.getByRole("button", { name: en("accounts.registration.declineTeam") });
  await expect(named.page.getByRole("button", { name: en("accounts.registration.confirmTeam") })).toBeVisible();
  await expectNoAxeViolations(named.page, "an invitation on the event page at 390 px");
  await named.page.getByRole("button", { name: en("accounts.registration.confirmTeam") }).focus();
  await named.page.keyboard.press("Tab");
  await expect(decline).toBeFocused();
  await named.page.keyboard.press("Enter");
  await expect(named.page.getByText(en("messages.registration.declined"))).toBeVisible();
  // Then registers a team of their own.
  await named.page.getByLabel("Team name").fill(`Own ${id}`);
  await named.page.getByLabel("Teammate 1").fill(newAccount().email);
  await named.page.getByRole("button", { name: en("accounts.registration.registerTeam") }).click();
  await expect(named.page.getByText(en("accounts.registration.pending", { team: `Own ${id}` }))).toBeVisible();

  // Someone without an account declines from the link in their invitation (read in the outbox here).
  const listed = await page.request.get(`/api/events/${eventId}/registrations`);
  const statuses = ((await listed.json()) as { status: string }[]).map((row) => row.status);
  // The squatters' pair gave up its place when its only teammate declined.
  expect(statuses.sort()).toEqual(["cancelled", "pending"]);
  await registerByApi([stranger]);
  const subject = `Team invitation: ${name}`;
  await expect(async () => {
    await page.goto("/dashboard/outbox");
    await expect(page.getByRole("link", { name: `Read ${subject} to ${stranger}` })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole("link", { name: `Read ${subject} to ${stranger}` }).click();
  const action = await page.getByText(/Accept or decline: http/).textContent();
  const link = /https?:\/\/\S+/.exec(action ?? "")?.[0];
  expect(link, "the invitation's link").toBeDefined();

  const visitor = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(en("accounts.invitation.title"));
  await expectNoAxeViolations(visitor, "an invitation's page at 390 px");
  await visitor.getByRole("button", { name: en("accounts.invitation.decline") }).click();
  await expect(visitor.getByText(en("messages.registration.declined"))).toBeVisible();
  await visitor.goto(link!);
  await expect(visitor.getByText(en("accounts.invitation.gone"))).toBeVisible();
  await visitor.context().close();

  await removeByName(page, "events", name);
});
