import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
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
  /** Valid runs out of those made; the scores are the median run's (Lighthouse's own choice). */
  runs: string;
  /** Lighthouse's own failure when no run of this page was valid (its scores are then 0). */
  error?: string;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * Lighthouse's default (mobile) configuration, in Debian's Chromium. Each page is run `runs`
 * times and the median run reported, as Lighthouse advises: on 2 shared cores one run's
 * blocking time swings by 100 ms and more.
 */
export async function runLighthouse(urls: string[], runs = 3): Promise<LighthouseScores[]> {
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
      const results: LighthouseResult[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        results.push(result.lhr);
      }
      scores.push(scoresOf(url, results));
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

function scoresOf(url: string, results: LighthouseResult[]): LighthouseScores {
  const valid = filterToValidRuns(results);
  const lhr = valid.length > 0 ? computeMedianRun(valid) : results[0];
  const runs = `${valid.length}/${results.length}`;
  if (!lhr || valid.length === 0) {
    const error = results.find((result) => result.runtimeError)?.runtimeError?.code ?? "no valid run";
    return { url, performance: 0, accessibility: 0, bestPractices: 0, seo: 0, lcpMs: 0, tbtMs: 0, cls: 0, runs, error };
  }
  const { categories, audits } = lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  return {
    url,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    cls: round(audits["cumulative-layout-shift"]?.numericValue ?? 0, 3),
    runs,
  };
}
