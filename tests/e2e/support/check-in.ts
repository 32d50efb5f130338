import type { Page } from "@playwright/test";
import { en } from "../../support/messages";

/** The code the page's list shows for a person, for the door's manual lookup. */
export async function codeOf(page: Page, name: string): Promise<string> {
  const text = await page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByText(/^Code: /)
    .textContent();
  return (text ?? "").replace("Code: ", "");
}

export async function typeCode(page: Page, code: string, submit: "click" | "enter") {
  await page.getByLabel(en("tools.checkIn.codeLabel")).fill(code);
  if (submit === "click") await page.getByRole("button", { name: en("tools.checkIn.checkIn"), exact: true }).click();
  else await page.getByLabel(en("tools.checkIn.codeLabel")).press("Enter");
}

/** The live region that says who was just checked in. */
export const outcome = (page: Page) => page.locator("main [role=status][aria-atomic=true]");
