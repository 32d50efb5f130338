import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, waitForForm } from "./support/dashboard";
import { expect, PHONE, screenshotToLookAt, test } from "./support/fixtures";

const FIXTURES = path.resolve("tests/fixtures/standings");
/** The name in the CLICS fixture's contest.json. */
const clicsName = JSON.parse(fs.readFileSync(path.join(FIXTURES, "clics/2023-06/contest.json"), "utf8"))
  .formal_name as string;

function clicsPackage(): Buffer {
  const folder = path.join(FIXTURES, "clics/2023-06");
  const files = Object.fromEntries(
    fs.readdirSync(folder).map((name) => [name, new Uint8Array(fs.readFileSync(path.join(folder, name)))]),
  );
  return Buffer.from(zipSync(files));
}

test("an admin imports a CLICS package and a Codeforces file on a phone, previews, publishes, and both leaderboards read well", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  await logInAsAdmin(page, baseURL!);
  const imported: string[] = [];
  for (const [format, file] of [
    ["clics", { name: "club-cup.zip", mimeType: "application/zip", buffer: clicsPackage() }],
    [
      "codeforces",
      {
        name: "standings.json",
        mimeType: "application/json",
        buffer: fs.readFileSync(path.join(FIXTURES, "codeforces/icpc.json")),
      },
    ],
  ] as const) {
    await page.goto("/dashboard/standings");
    await waitForForm(page);
    await page.getByLabel(en("tools.standings.format")).selectOption(format);
    await page.getByLabel(en("tools.standings.file"), { exact: true }).setInputFiles(file);
    await page.getByRole("button", { name: en("tools.standings.preview") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Preview: ");
    await expect(page.getByRole("heading", { name: en("tools.standings.warnings") })).toBeVisible();
    await expectNoAxeViolations(page, `the ${format} preview at 390 px`);
    await page.getByRole("button", { name: en("tools.standings.publish") }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByRole("link", { name: en("tools.standings.publicPage") })).toBeVisible();
    imported.push(
      (await page.getByRole("link", { name: en("tools.standings.publicPage") }).getAttribute("href")) ?? "",
    );
  }

  // Importing the package again for the same contest replaces its standings at the same address.
  await page.goto("/dashboard/standings");
  await waitForForm(page);
  await page.getByLabel(en("tools.standings.format")).selectOption("clics");
  await page.getByLabel(en("tools.standings.file"), { exact: true }).setInputFiles({
    name: "club-cup.zip",
    mimeType: "application/zip",
    buffer: clicsPackage(),
  });
  await page.getByLabel(en("tools.standings.replaces")).selectOption({ label: clicsName });
  await page.getByRole("button", { name: en("tools.standings.preview") }).click();
  await page.getByRole("button", { name: en("tools.standings.publish") }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(page.getByRole("link", { name: en("tools.standings.publicPage") })).toHaveAttribute(
    "href",
    imported[0] ?? "",
  );

  // A bad choice is refused with the format named, and the form keeps the choice.
  await page.goto("/dashboard/standings");
  await waitForForm(page);
  await page.getByLabel(en("tools.standings.format")).selectOption("vjudge");
  await page.getByLabel(en("tools.standings.file"), { exact: true }).setInputFiles({
    name: "wrong.json",
    mimeType: "application/json",
    buffer: fs.readFileSync(path.join(FIXTURES, "codeforces/icpc.json")),
  });
  await page.getByRole("button", { name: en("tools.standings.preview") }).click();
  await expect(page.getByText(/This is not a vjudge rank \(\.json\) file we can read/).first()).toBeVisible();
  await expect(page.getByLabel(en("tools.standings.format"))).toHaveValue("vjudge");

  const visitor = await (await page.context().browser()!.newContext({ baseURL })).newPage();
  for (const href of imported) {
    for (const width of [390, 1280]) {
      await visitor.setViewportSize({ width, height: 844 });
      await visitor.goto(href);
      await expect(visitor.getByRole("table")).toBeVisible();
      // One axe run per state: a width changes the layout, not the markup.
      if (width === 390) await expectNoAxeViolations(visitor, `the leaderboard ${href} at ${width} px`);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshotToLookAt(visitor, `leaderboard-${width}`);
    }
  }
  await visitor.goto("/results");
  for (const href of imported) await expect(visitor.locator(`a[href="${href}"]`)).toBeVisible();

  // A ranking of the two, built on the phone; then its page, and a member's history (the demo's).
  const name = `Selection ${Date.now()}`;
  await page.goto("/dashboard/rankings");
  await waitForForm(page);
  await page.getByLabel(en("tools.rankings.name"), { exact: true }).fill(name);
  for (const contestName of ["Club Selection Contest 2031", clicsName]) {
    await page.getByRole("checkbox", { name: contestName }).check();
  }
  await page.getByRole("button", { name: en("tools.rankings.create") }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expectNoAxeViolations(page, "the rankings screen at 390 px");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expectNoAxeViolations(page, "a ranking at 390 px");
  await visitor.goto("/students/sumaiya-islam");
  await expect(visitor.getByRole("region", { name: "Contest history" })).toContainText(
    "RMSTU Weekly Practice Contest #12",
  );
  await expect(visitor.getByRole("region", { name: "Contest history" })).toContainText("Selection contests 2026");
});

test("an admin links a team of a CLICS package to a member in the preview, on a phone, by keyboard", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  await logInAsAdmin(page, baseURL!);
  const team = `Lambda ${Date.now()}`;
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const zip = zipSync({
    "teams.json": json([
      { id: "l1", name: team },
      { id: "l2", name: `${team} B` },
    ]),
    "problems.json": json([{ id: "a", label: "A", name: "Apples" }]),
    "scoreboard.json": json({
      rows: [
        { rank: 1, team_id: "l1", score: { num_solved: 1, total_time: 12 }, problems: [] },
        { rank: 2, team_id: "l2", score: { num_solved: 0, total_time: 0 }, problems: [] },
      ],
    }),
  });
  await page.goto("/dashboard/standings");
  await waitForForm(page);
  await page.getByLabel(en("tools.standings.format")).selectOption("clics");
  await page.getByLabel(en("tools.standings.file"), { exact: true }).setInputFiles({
    name: "lambda.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zip),
  });
  await page.getByRole("button", { name: en("tools.standings.preview") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Preview: ");

  const linking = page.getByRole("region", { name: en("tools.standings.link.heading") });
  await linking.getByLabel(en("tools.standings.link.team")).selectOption({ label: team });
  await linking.getByLabel(en("tools.standings.link.query")).fill("Sumaiya");
  await linking.getByLabel(en("tools.standings.link.query")).press("Enter");
  const member = linking.getByRole("checkbox", { name: /Sumaiya Islam/ });
  await member.focus();
  await page.keyboard.press("Space");
  await expect(member).toBeChecked();
  await expectNoAxeViolations(page, "linking a team at 390 px");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await linking.getByRole("button", { name: en("tools.standings.link.save") }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${team}: links saved.`)).toBeVisible();
  await expect(page.getByText(en("tools.standings.matched", { count: 1, total: 2 }))).toBeVisible();
  await expect(linking.getByLabel(en("tools.standings.link.team"))).toContainText(
    en("tools.standings.link.linkedTeam", { team, count: 1 }),
  );
});
