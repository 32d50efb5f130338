import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { en } from "../support/messages";
import { pdfTextLines } from "../support/pdf-tools";
import { ensureAccount, logInAsAdmin, newAccount } from "./support/accounts";
import { dialog, expectNoAxeViolations, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

const TICKET_CODE = /^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/;
const CERTIFICATE_CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;
const WIDTHS = [390, 1280];

function eventBody(name: string, startsOn: string) {
  return {
    eventType: "Programming Contest",
    name,
    starts_on: startsOn,
    starts_at: "10:00",
    problem_number: 8,
    contest_duration: "3 Hours",
    details: "Certificates for everyone who came.",
  };
}

/** A person signs up and registers; their ticket's code, from their ticket page. */
async function registeredPerson(page: Page, baseURL: string, eventId: string, ticketPath: string) {
  // A name written in Bangla: the page and the PDF print it as written.
  const generated = newAccount("certified");
  const account = { ...generated, name: generated.name.replace("Member", "সুস্মিতা চক্রবর্তী") };
  await ensureAccount(page.request, baseURL, account);
  const registered = await page.request.post(`/api/events/${eventId}/registrations`, {
    headers: { Origin: baseURL },
    data: {},
  });
  expect(registered.status()).toBe(201);
  return {
    account,
    ticketCode: async () => {
      await page.goto(ticketPath);
      return (await page.getByText(TICKET_CODE).textContent()) ?? "";
    },
  };
}

const issueCall = (request: APIRequestContext, baseURL: string, eventId: string) =>
  request.post(`/api/events/${eventId}/certificates`, { headers: { Origin: baseURL } });

test.setTimeout(120_000);

test("an admin issues certificates to the checked in; anyone checks one by its code and gets its PDF", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = crypto.randomBytes(3).toString("hex");
  const name = `Certificate Cup ${id}`;
  await logInAsAdmin(page, baseURL!);
  // Registration closes when the event starts: it starts in the future until everyone is in.
  const added = await page.request.post("/api/add-event", {
    headers: { Origin: baseURL! },
    data: eventBody(name, "2099-06-01"),
  });
  expect(added.status()).toBe(201);
  const { insertedId: eventId } = (await added.json()) as { insertedId: string };

  const personContext = await browser.newContext({ baseURL });
  const person = await registeredPerson(
    await personContext.newPage(),
    baseURL!,
    eventId,
    `/events/programming-contest/certificate-cup-${id}/ticket`,
  );
  const tooEarly = await issueCall(page.request, baseURL!, eventId);
  expect(tooEarly.status()).toBe(409);

  const moved = await page.request.put(`/api/event/${eventId}`, {
    headers: { Origin: baseURL! },
    data: eventBody(name, "2024-03-01"),
  });
  expect(moved.status()).toBe(200);
  const checkedIn = await page.request.post(`/api/events/${eventId}/check-ins`, {
    headers: { Origin: baseURL! },
    data: { check_ins: [{ code: await person.ticketCode() }] },
  });
  expect(((await checkedIn.json()) as { results: { status: string }[] }).results[0]?.status).toBe("checked_in");

  const screen = `/dashboard/events/${eventId}/certificates`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(screen);
  await expect(page.getByText(en("tools.certificates.waiting", { count: 1 }))).toBeVisible();
  await expect(page.getByText(en("tools.certificates.empty"))).toBeVisible();
  await waitForForm(page);
  await page.getByRole("button", { name: en("tools.certificates.issue") }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, en("tools.certificates.issued", { issued: 1, total: 1 }))).toBeVisible();
  const codeLink = page.getByRole("link", { name: CERTIFICATE_CODE });
  const code = (await codeLink.textContent()) ?? "";
  await expect(page.getByRole("row", { name: new RegExp(person.account.name) })).toContainText(code);
  await expect(page.getByText(en("tools.certificates.waiting", { count: 0 }))).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // One axe run per state: a width changes the layout, not the markup.
    if (width === WIDTHS[0]) await expectNoAxeViolations(page, `the certificates screen at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  // Issuing again issues nobody twice.
  expect(await (await issueCall(page.request, baseURL!, eventId)).json()).toEqual({ issued: 0, total: 1 });

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  for (const width of WIDTHS) {
    await visitor.setViewportSize({ width, height: 844 });
    // Typed from paper: small letters, no dashes.
    const answer = await visitor.goto(`/certificates/${code.replaceAll("-", "").toLowerCase()}`);
    expect(answer?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(en("people.certificate.genuine"));
    await expect(visitor.locator("dl")).toContainText(person.account.name);
    await expect(visitor.locator("dl")).toContainText(name);
    await expect(visitor.locator("dl")).toContainText("1 March 2024");
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    if (width === WIDTHS[0]) await expectNoAxeViolations(visitor, `a certificate's page at ${width} px`);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const pdfHref = await visitor.getByRole("link", { name: en("people.certificate.download") }).getAttribute("href");
  const pdf = await visitor.request.get(pdfHref ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="certificate-${code}.pdf"`);
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The built server draws it with the shaper and the font it keeps outside the bundle.
  expect(await pdfTextLines(await pdf.body())).toEqual(expect.arrayContaining([name, person.account.name]));

  await removeByName(page, "events", name);
  await personContext.close();
});

test("an unknown code answers 404 with a page that helps type it again", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const answer = await page.goto("/certificates/AAAA-BBBB-CCCC");
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("people.certificate.notFound"));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    if (width === WIDTHS[0]) await expectNoAxeViolations(page, `the unknown certificate page at ${width} px`);
  }
  expect((await page.request.get("/certificates/AAAA-BBBB-CCCC/certificate.pdf")).status()).toBe(404);
  await page.getByLabel(en("people.certificate.typeCode")).fill("dddd eeee ffff");
  await page.getByRole("button", { name: en("people.certificate.check") }).click();
  await expect(page).toHaveURL(/\/certificates\/DDDD-EEEE-FFFF$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("people.certificate.notFound"));
});
