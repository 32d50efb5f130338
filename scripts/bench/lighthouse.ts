import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { round } from "./load";

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own failure for this page (its scores are then 0), if any. */
  error?: string;
}

/** Lighthouse's default (mobile) configuration, in Debian's Chromium. */
export async function runLighthouse(urls: string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      scores.push({
        url,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
        cls: round(audits["cumulative-layout-shift"]?.numericValue ?? 0, 3),
        ...(result.lhr.runtimeError && { error: result.lhr.runtimeError.code }),
      });
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}
