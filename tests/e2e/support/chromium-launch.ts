import path from "node:path";

/**
 * How the suite starts Debian's Chromium. Through ./chromium, which starts the headless build
 * for a headless run and merges the feature switches so that ours add to Playwright's. The whole
 * browser's omnibox popup is a page of its own (WebUI) that each new window starts in another
 * renderer, though a headless window never shows it: without it a browser context and its page
 * cost about 40 % less CPU (decision 003 has the figures).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: path.resolve(import.meta.dirname, "chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
  ],
};
