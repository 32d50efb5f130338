import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { type CollectionKey, collections } from "~/features/collections/collections";

/**
 * axe on a page, run inside it (axe's "legacy" mode). Its default mode ends each run in a new
 * blank page that it loads axe into again: about half a second more per run, for what only
 * matters with frames of other origins, whose content is not ours to check (the home page's
 * map). Only violations are worked out in full: axe otherwise builds a selector for every node
 * that passed and sends them all back, which took a third to a half of each run (/students:
 * 1.4 s against 0.85), for results no test reads.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
}

export async function expectNoAxeViolations(page: Page, what: string) {
  const results = await axeOn(page).analyze();
  expect(results.violations, `axe on ${what}`).toEqual([]);
}

/** axe runs inside the page, so a page shown without JavaScript is checked as a copy in one with it. */
export async function expectNoAxeViolationsWithoutScript(
  browser: Browser,
  baseURL: string,
  html: string,
  what: string,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.goto("/healthz");
  await copy.setContent(html, { waitUntil: "load" });
  await expectNoAxeViolations(copy, what);
  await context.close();
}

/** Success and information arrive as a toast once the page runs JavaScript. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

export function dialog(page: Page): Locator {
  return page.getByRole("dialog");
}

/** Fills a form from `{ label: value }`; a select takes the option label. */
export async function fillForm(page: Page, values: Record<string, string>) {
  const form = page.locator("main form#entity-form, main form[method=post]").last();
  for (const [label, value] of Object.entries(values)) {
    const field = form.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** React marks the DOM nodes it has hydrated; until then a click is a plain HTML submit. */
export async function waitForForm(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("main form[method=post]");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Deletes, as the signed-in admin, the rows a test made, so later specs see the demo
 * content as seeded. `collection` is a collection key of app/features/collections/collections.ts.
 */
export async function removeByName(page: Page, collection: CollectionKey, name: string) {
  const { api } = collections[collection];
  const rows = (await (await page.request.get(`/api/${api.read}`)).json()) as { _id: string; name: string }[];
  for (const row of rows.filter((candidate) => candidate.name === name)) {
    const response = await page.request.delete(`/api/${api.item}/${row._id}`, {
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status(), `delete ${collection} ${name}`).toBe(200);
  }
}
