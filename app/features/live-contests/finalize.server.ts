import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { liveContestEvents, liveContests } from "~/db/schema";
import { standingsFromState } from "~/features/standings/importers/clics";
import type { FeedEvent } from "~/features/standings/importers/clics-event-feed";
import { previewStandings, publishPreview, savePreview } from "~/features/standings/standings.server";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { awardText, BALLOON_EVENT } from "./live-contests";
import { boardOfState, contestStateOf } from "./live-contests.server";
import { contestAwards } from "./reveal";

/** Why a live contest was not finalized: a catalog key's last part (`tools.live.finalize.*`). */
export type FinalizeRefusal = "missing" | "already" | "notRevealed" | "polled";

export type FinalizeOutcome = { ok: true; slug: string; contestId: string } | { ok: false; refusal: FinalizeRefusal };

/**
 * Publishes a live contest's final standings as any import is published (the standings feature's
 * preview, saved and published: rankings, member histories and certificates read them alike), once:
 * the row is locked, and a contest already finalized is refused. Only after the reveal has ended,
 * or the judge has thawed or finalized its own scoreboard: nothing hidden by the freeze is
 * published before it is shown. The awards are those the reveal announced.
 */
export async function finalizeLiveContest(db: Database, id: string): Promise<FinalizeOutcome> {
  return db.transaction(async (tx) => {
    const [record] = await tx.select().from(liveContests).where(eq(liveContests.id, id)).for("update");
    if (!record) return { ok: false, refusal: "missing" };
    if (record.contestId || record.status === "finalized") return { ok: false, refusal: "already" };
    if (record.source !== "clics-feed") return { ok: false, refusal: "polled" };
    const state = await contestStateOf(tx, id);
    const judgeShowed = Boolean(state.state.thawed || state.state.unfrozen || state.state.finalized);
    if (!record.revealed && !judgeShowed) return { ok: false, refusal: "notRevealed" };
    const standings = standingsFromState({ state, unreadableLines: [] }, undefined, { final: true });
    const final = boardOfState({ ...record, revealed: true }, state, "final");
    const medals = { gold: record.goldCount, silver: record.silverCount, bronze: record.bronzeCount };
    const awards = contestAwards(final, medals, [...state.awards.values()]);
    // Kept in the site's first language, as a judge's citations are kept as it wrote them.
    const { t } = translatorOf(DEFAULT_LOCALE);
    for (const row of standings.rows) {
      const teamAwards = awards.get(row.teamIds?.[0] ?? "") ?? [];
      row.awards = teamAwards.map((award) => awardText(t, award));
    }
    const input = { format: "clics" as const, name: record.name };
    const preview = await previewStandings(tx, input, standings, FEED_FILE);
    const source = await feedOf(tx, id);
    const previewId = await savePreview(tx, { input, preview, source, fileName: FEED_FILE });
    const slug = await publishPreview(tx, previewId);
    if (!slug) throw new Error("The finalized standings were not published.");
    await tx
      .update(liveContests)
      .set({ contestId: previewId, status: "finalized", revealed: true })
      .where(eq(liveContests.id, id));
    return { ok: true, slug, contestId: previewId };
  });
}

const FEED_FILE = "event-feed.ndjson";

/** The judge's events as it sent them, one a line: the published standings' source file. */
async function feedOf(db: Database, id: string): Promise<Uint8Array> {
  const rows = await db
    .select({ event: liveContestEvents.event })
    .from(liveContestEvents)
    .where(and(eq(liveContestEvents.liveContestId, id), sql`${liveContestEvents.event}->>'type' <> ${BALLOON_EVENT}`))
    .orderBy(asc(liveContestEvents.seq));
  return new TextEncoder().encode(rows.map((row) => `${JSON.stringify(row.event as FeedEvent)}\n`).join(""));
}

/** Sets the medals the reveal stops on; false: no such contest. */
export async function setMedalCounts(
  db: Database,
  id: string,
  medals: { gold: number; silver: number; bronze: number },
): Promise<boolean> {
  const rows = await db
    .update(liveContests)
    .set({ goldCount: medals.gold, silverCount: medals.silver, bronzeCount: medals.bronze })
    .where(eq(liveContests.id, id))
    .returning({ id: liveContests.id });
  return rows.length > 0;
}
