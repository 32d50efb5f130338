import { logInAsAdmin } from "./accounts";
import { expect, test } from "./fixtures";

export interface NoticeInput {
  name: string;
  publishing_date: string;
  pdfFile: string;
  description: string;
}

/**
 * A notice for the tests of the describe block this is called in: added through the API
 * before them and removed after, so later specs see the demo content as seeded.
 */
export function withNotice(notice: NoticeInput) {
  let noticeId = "";

  test.beforeAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage();
    await logInAsAdmin(page, baseURL!);
    const added = await page.request.post("/api/add-notice", { headers: { Origin: baseURL! }, data: notice });
    expect(added.status()).toBe(201);
    noticeId = (await added.json()).insertedId;
    await page.close();
  });

  test.afterAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage();
    await logInAsAdmin(page, baseURL!);
    const removed = await page.request.delete(`/api/notices/${noticeId}`, { headers: { Origin: baseURL! } });
    expect(removed.status()).toBe(200);
    await page.close();
  });
}
