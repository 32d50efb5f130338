import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import QRCode from "qrcode";
import { en } from "../support/messages";
import { E2E_ADMIN, ensureAccount, logIn, logInAsAdmin, newAccount } from "./support/accounts";
import { CHROMIUM_LAUNCH } from "./support/chromium-launch";
import { removeByName } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PIXELS = 8;

/** One still frame of a QR code in Y4M, the format Chromium's fake camera plays in a loop. */
function writeQrVideo(text: string, file: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - modules.size * MODULE_PIXELS) / 2);
  const top = Math.floor((HEIGHT - modules.size * MODULE_PIXELS) / 2);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let line = 0; line < MODULE_PIXELS; line++) {
        const start = (top + row * MODULE_PIXELS + line) * WIDTH + left + column * MODULE_PIXELS;
        luma.fill(16, start, start + MODULE_PIXELS);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH * HEIGHT) / 2, 128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  fs.writeFileSync(file, Buffer.concat([Buffer.from(header), luma, chroma]));
}

test.setTimeout(90_000);

/**
 * Headless Chromium has no BarcodeDetector on Linux, so this reads the code with jsQR, as
 * iPhones and Firefox do, from a fake camera showing a ticket's QR code (a link holding the code).
 */
test("scanning a ticket's QR code with the camera checks the person in", async ({ page, baseURL }) => {
  const name = `Camera Cup ${crypto.randomBytes(3).toString("hex")}`;
  await logInAsAdmin(page, baseURL!);
  const policy = (await page.request.get("/dashboard")).headers()["permissions-policy"];
  expect(policy, "the site's Permissions-Policy must let its own pages use the camera").not.toContain("camera=()");
  const added = await page.request.post("/api/add-event", {
    headers: { Origin: baseURL! },
    data: {
      eventType: "Programming Contest",
      name,
      starts_on: "2099-06-01",
      starts_at: "10:00",
      problem_number: 8,
      contest_duration: "3 Hours",
      details: "Show your ticket at the door.",
    },
  });
  const { insertedId: eventId } = (await added.json()) as { insertedId: string };
  const member = newAccount("scanned");
  const memberContext = await page.context().browser()!.newContext({ baseURL });
  await ensureAccount(memberContext.request, baseURL!, member);
  const registered = await memberContext.request.post(`/api/events/${eventId}/registrations`, {
    headers: { Origin: baseURL! },
    data: {},
  });
  expect(registered.status()).toBe(201);
  await memberContext.close();

  const checkInPath = `/dashboard/events/${eventId}/check-in`;
  await page.goto(checkInPath);
  const code = ((await page.getByText(/^Code: /).textContent()) ?? "").replace("Code: ", "");
  const video = path.join(os.tmpdir(), `ticket-${crypto.randomBytes(4).toString("hex")}.y4m`);
  writeQrVideo(`${baseURL}/tickets/${code}`, video);

  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const phone = await context.newPage();
    await logIn(phone, E2E_ADMIN);
    await phone.goto(checkInPath);
    await phone.getByRole("button", { name: en("tools.checkIn.scan") }).click();
    const outcome = phone.locator("main [role=status][aria-atomic=true]");
    await expect(outcome).toContainText(en("tools.checkIn.checkedIn"));
    await expect(outcome).toContainText(member.name);
    await expect(phone.getByText(en("tools.checkIn.allSent"))).toBeVisible();
    // The code stays in sight for three more seconds of the camera's video: it is not read again
    // (which would say "Already checked in").
    const videoTime = () => phone.evaluate(() => document.querySelector("video")?.currentTime ?? 0);
    const seen = await videoTime();
    await expect.poll(videoTime, { timeout: 60_000 }).toBeGreaterThan(seen + 3);
    await expect(outcome).toContainText(en("tools.checkIn.checkedIn"));
    await phone.getByRole("button", { name: en("tools.checkIn.stopScan") }).click();
    await expect(phone.getByRole("button", { name: en("tools.checkIn.scan") })).toBeFocused();
  } finally {
    await browser.close();
    fs.rmSync(video, { force: true });
  }
  await removeByName(page, "events", name);
});
