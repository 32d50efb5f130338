import type { Database } from "~/db/client.server";
import { liveContests } from "~/db/schema";
import { storeRecording, timedEvents } from "~/features/live-contests/replay.server";
import type { FeedEvent } from "~/features/standings/importers/clics-event-feed";

/** The demo's recorded contest: an admin replays it from Dashboard › Live contests. */
export const DEMO_LIVE_CONTEST = { slug: "euc-2025", name: "EUC 2025 (recorded)" } as const;

/**
 * A recorded public feed as a jury account would have received it: each judgement right after
 * its submission (the public feed gives the verdicts from the freeze on only at the thaw), and
 * no thaw from the judge (the reveal stands in for it). See live-feeds/SOURCES.md.
 */
export function juryReplayOf(feed: string): FeedEvent[] {
  const recorded = feed
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as FeedEvent);
  const judgementsOf = new Map<string, FeedEvent[]>();
  const submissionOf = (event: FeedEvent) =>
    event.type === "judgements" ? (event.data as { submission_id?: string } | null)?.submission_id : undefined;
  for (const event of recorded) {
    const submission = submissionOf(event);
    if (submission) judgementsOf.set(submission, [...(judgementsOf.get(submission) ?? []), event]);
  }
  return recorded.flatMap((event) => {
    if (submissionOf(event)) return [];
    if (event.type === "submissions") return [event, ...(judgementsOf.get(String(event.id)) ?? [])];
    if (event.type === "state" && event.data && typeof event.data === "object") {
      const { thawed: _thawed, ...rest } = event.data as Record<string, unknown>;
      return [{ ...event, data: rest }];
    }
    return [event];
  });
}

/** The recorded contest, paused with nothing shown yet: its recording waits for an admin's replay. */
export async function seedDemoLiveContest(db: Database): Promise<void> {
  // The feed's text as one JSON string: both bundlers load JSON, and only when the seed runs.
  const { default: feed } = await import("./live-feeds/euc-2025.event-feed.json");
  const [row] = await db
    .insert(liveContests)
    .values({
      ...DEMO_LIVE_CONTEST,
      source: "clics-feed",
      judgeApi: "https://github.com/icpc/live-v3",
      judgeContestId: "euc2025",
      status: "paused",
    })
    .returning({ id: liveContests.id });
  if (row) await storeRecording(db, row.id, timedEvents(juryReplayOf(feed)));
}
