import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRecordedFeed, type StandInJudge, startStandInJudge } from "../support/clics-judge";
import { httpClient } from "../support/http-client";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";
import { waitFor } from "../support/wait-for";

/**
 * A live contest end to end on the production build: an admin connects a stand-in judge
 * (replaying EUC 2025's recorded feed, the verdicts as a jury account gets them) from the
 * dashboard; the server's own background job follows it; `/results/{slug}/live` shows the board
 * without JavaScript and its update stream pushes each new board; after the freeze, neither the
 * page nor the stream nor any cache holds an outcome from the freeze on.
 */
const FEED = path.join(import.meta.dirname, "../fixtures/standings/real/live-v3/euc-2025.zip");
const SLUG = "euc-2025-live";
let server: RunningServer;
let judge: StandInJudge;
let admin = "";
let lines: string[] = [];
const { call } = httpClient(() => server.baseUrl);

/** The recorded public feed with each verdict moved next to its submission, as a jury account's feed has it. */
function juryOrder(recorded: string[]): string[] {
  const judgementsOf = new Map<string, string[]>();
  for (const line of recorded) {
    const event = JSON.parse(line) as { type: string; data: { submission_id?: string } | null };
    const submission = event.type === "judgements" ? event.data?.submission_id : undefined;
    if (submission) judgementsOf.set(submission, [...(judgementsOf.get(submission) ?? []), line]);
  }
  return recorded.flatMap((line) => {
    const event = JSON.parse(line) as { type: string; id?: string; data: { submission_id?: string } | null };
    if (event.type === "judgements" && event.data?.submission_id) return [];
    return event.type === "submissions" ? [line, ...(judgementsOf.get(String(event.id)) ?? [])] : [line];
  });
}

const stateLine = (key: string) =>
  lines.findIndex((line) => {
    const event = JSON.parse(line) as { type: string; data: Record<string, unknown> };
    return event.type === "state" && Boolean(event.data?.[key]);
  });

/** Reads an update stream's `board` events as they come. */
function followStream(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const boards: { version: string; html: string }[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end = text.indexOf("\n\n");
      while (end !== -1) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        if (block.startsWith("event: board")) {
          boards.push(JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { version: string; html: string });
        }
        end = text.indexOf("\n\n");
      }
    }
  })();
  return { boards, close: () => reader.cancel().then(() => pump) };
}

/** Solved cells' minutes on a board's markup (the screen-reader sentence of each solved cell). */
const solvedMinutes = (html: string) =>
  [...html.matchAll(/(?:solved|Solved)[^<]*?(\d+)′/g)].map((match) => Number(match[1]));

beforeAll(async () => {
  lines = juryOrder(readRecordedFeed(FEED, fs));
  judge = await startStandInJudge({ lines, contestId: "euc2025", user: "reader", password: "reader-pass-7" });
  server = await startServer({ SEED_DEMO: "true" });
  admin = await signInDemoAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await judge?.stop();
});

describe("a live contest", () => {
  it("is connected from the dashboard, followed by the server's job, shown live, and hides the freeze everywhere", async () => {
    const screen = await call("/dashboard/live-contests", { cookie: admin });
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain(en("tools.live.heading"));
    const refused = await call("/dashboard/live-contests", {
      method: "POST",
      cookie: admin,
      headers: { Origin: server.baseUrl },
      form: {
        intent: "connect",
        name: "EUC",
        slug: "Not A Slug",
        source: "clics-feed",
        judgeApi: "ftp://x",
        judgeContestId: "euc2025",
      },
    });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(en("tools.live.error.slug"));
    expect(refusedPage).toContain(en("tools.live.error.judgeApi"));

    judge.release(600);
    const connected = await call("/dashboard/live-contests", {
      method: "POST",
      cookie: admin,
      headers: { Origin: server.baseUrl },
      form: {
        intent: "connect",
        name: "EUC 2025",
        slug: SLUG,
        source: "clics-feed",
        judgeApi: judge.apiUrl,
        judgeContestId: "euc2025",
        user: "reader",
        password: "reader-pass-7",
      },
    });
    expect(connected.status).toBe(200);
    const list = await (await call("/dashboard/live-contests", { cookie: admin })).text();
    expect(list).toContain("EUC 2025");
    expect(list).not.toContain("reader-pass-7");

    // The job follows it: the page (no script needed) shows the teams once the events are in.
    const livePage = async (lang: "en" | "bn" = "en") =>
      (await call(`/results/${SLUG}/live`, { headers: { Cookie: `lang=${lang}` } })).text();
    await waitFor(async () => ((await livePage()).includes("data-team=") ? true : undefined), "the first board");
    const page = await livePage();
    expect(page).toContain(en("people.live.reload"));
    expect(page).toContain('src="/js/live.js"');
    expect(await livePage("bn")).toContain(bn("people.live.eyebrow"));

    // The update stream: the board now, then each new one as the judge's events arrive.
    const streamResponse = await fetch(`${server.baseUrl}/results/${SLUG}/live/events`, {
      headers: { "X-Real-IP": "10.9.9.9" },
    });
    expect(streamResponse.headers.get("content-type")).toContain("text/event-stream");
    // Gzipped (fetch asks for it and inflates): each board compressed once for every viewer.
    expect(streamResponse.headers.get("content-encoding")).toBe("gzip");
    const stream = followStream(streamResponse);
    await waitFor(() => (stream.boards.length > 0 ? true : undefined), "the stream's first board");
    const first = stream.boards[0]!;
    const frozenAt = stateLine("frozen");
    const duringFreeze = frozenAt + 250;
    judge.release(duringFreeze);
    await waitFor(
      () => (stream.boards.at(-1)?.html.includes(en("people.live.phase.frozen")) ? true : undefined),
      "a frozen board pushed",
    );
    expect(stream.boards.at(-1)?.version).not.toBe(first.version);

    // Frozen: no solve from the 240th minute on, anywhere public; tries after it are pending.
    const frozenPage = await call(`/results/${SLUG}/live`);
    expect(frozenPage.headers.get("cache-control")).toContain("no-store");
    const frozenHtml = await frozenPage.text();
    expect(frozenHtml).toContain(en("people.live.phase.frozen"));
    expect(frozenHtml).toContain("data-pending");
    for (const html of [frozenHtml, ...stream.boards.map((board) => board.html)]) {
      for (const minute of solvedMinutes(html)) expect(minute).toBeLessThan(240);
    }
    const again = await call(`/results/${SLUG}/live`);
    expect(again.headers.get("x-page-cache")).not.toBe("HIT");
    for (const minute of solvedMinutes(await again.text())) expect(minute).toBeLessThan(240);

    // The judge thaws and finalizes: the outcomes come out, solves after the freeze included.
    judge.release(lines.length);
    await waitFor(
      () => (stream.boards.at(-1)?.html.includes(en("people.live.phase.final")) ? true : undefined),
      "the final board pushed",
    );
    expect(Math.max(...solvedMinutes(stream.boards.at(-1)?.html ?? ""))).toBeGreaterThanOrEqual(240);
    await stream.close();
  }, 180_000);

  it("answers 404 for a contest nobody connected", async () => {
    expect((await call("/results/nobody-here/live")).status).toBe(404);
    expect((await call("/results/nobody-here/live/events")).status).toBe(404);
  });
});
