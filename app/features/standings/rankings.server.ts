import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { freeSlug } from "~/core/crud.server";
import { fieldMessage, requiredText } from "~/core/fields";
import { UUID_PATTERN } from "~/core/ids";
import type { Database } from "~/db/client.server";
import { contestRows, contests, RANKING_RULES, rankingSeries, rankingSeriesContests } from "~/db/schema";
import { schemaMessage } from "~/i18n/message";
import { combineRanking, type RankingRule, type SeriesContest, type SeriesStanding } from "./rankings";
import { profilesByIds } from "./standings.server";

/** The dashboard's "New ranking": a name, a rule, and the contests with their weights (`weight.{contestId}`). */
export const seriesInput = z.object({
  name: requiredText("messages.fields.name", 200),
  rule: z.enum(RANKING_RULES, {
    error: fieldMessage("messages.field.oneOf", "messages.fields.rule", { choices: RANKING_RULES.join(", ") }),
  }),
  contests: z
    .array(
      z.object({
        contestId: z.string().regex(UUID_PATTERN, schemaMessage("messages.rankings.contestId")),
        weight: z.coerce
          .number({ error: schemaMessage("messages.rankings.weightNumber") })
          .positive(schemaMessage("messages.rankings.weightPositive"))
          .max(100, schemaMessage("messages.rankings.weightMax")),
      }),
    )
    .min(1, schemaMessage("messages.rankings.chooseContest")),
});

export type SeriesInput = z.infer<typeof seriesInput>;

/** Reads the form: a ticked `contest` box per contest, and its `weight.{id}` field. */
export function seriesFormInput(form: FormData): Record<string, unknown> {
  return {
    name: form.get("name"),
    rule: form.get("rule"),
    contests: form.getAll("contest").map((contestId) => ({
      contestId: String(contestId),
      weight: String(form.get(`weight.${String(contestId)}`) ?? "") || "1",
    })),
  };
}

export async function createSeries(db: Database, input: SeriesInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [series] = await tx
      .insert(rankingSeries)
      .values({ name: input.name, rule: input.rule, slug: await freeSlug(tx, rankingSeries, input.name, "ranking") })
      .returning({ slug: rankingSeries.slug, id: rankingSeries.id });
    if (!series) throw new Error("saving the ranking wrote no row");
    const published = await tx
      .select({ id: contests.id })
      .from(contests)
      .where(
        and(
          inArray(
            contests.id,
            input.contests.map((c) => c.contestId),
          ),
          eq(contests.status, "published"),
        ),
      );
    const known = new Set(published.map((contest) => contest.id));
    const chosen = input.contests.filter((contest) => known.has(contest.contestId));
    if (chosen.length > 0) {
      await tx.insert(rankingSeriesContests).values(chosen.map((contest) => ({ seriesId: series.id, ...contest })));
    }
    return series.slug;
  });
}

export async function deleteSeries(db: Database, id: string): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  return (
    (await db.delete(rankingSeries).where(eq(rankingSeries.id, id)).returning({ id: rankingSeries.id })).length > 0
  );
}

export async function listSeries(db: Database) {
  return db.select().from(rankingSeries).orderBy(desc(rankingSeries.createdAt));
}

async function seriesContests(db: Database, seriesId: string): Promise<(SeriesContest & { heldOn: string | null })[]> {
  const chosen = await db
    .select({
      id: contests.id,
      slug: contests.slug,
      name: contests.name,
      heldOn: contests.heldOn,
      weight: rankingSeriesContests.weight,
    })
    .from(rankingSeriesContests)
    .innerJoin(contests, eq(contests.id, rankingSeriesContests.contestId))
    .where(and(eq(rankingSeriesContests.seriesId, seriesId), eq(contests.status, "published")))
    .orderBy(sql`${contests.heldOn} asc nulls last`, asc(contests.importedAt));
  const rows = chosen.length
    ? await db
        .select({
          contestId: contestRows.contestId,
          rank: contestRows.rank,
          solved: contestRows.solved,
          penalty: contestRows.penalty,
          score: contestRows.score,
          studentIds: contestRows.studentIds,
        })
        .from(contestRows)
        .where(
          inArray(
            contestRows.contestId,
            chosen.map((contest) => contest.id),
          ),
        )
        .orderBy(asc(contestRows.position))
    : [];
  return chosen.map((contest) => ({ ...contest, rows: rows.filter((row) => row.contestId === contest.id) }));
}

export interface RankingMember {
  slug: string;
  name: string;
  batch: number | null;
}

export interface SeriesRanking {
  id: string;
  slug: string;
  name: string;
  rule: RankingRule;
  contests: { slug: string; name: string; heldOn: string | null; weight: number }[];
  standings: (SeriesStanding & { member: RankingMember })[];
}

/** A series' leaderboard by its page's address; members who left the Students page are left out. */
export async function findSeriesRanking(db: Database, slug: string): Promise<SeriesRanking | undefined> {
  const [series] = await db.select().from(rankingSeries).where(eq(rankingSeries.slug, slug));
  if (!series) return undefined;
  const chosen = await seriesContests(db, series.id);
  const combined = combineRanking(series.rule, chosen);
  const ids = combined.map((standing) => standing.studentId);
  const members = await profilesByIds(db, ids);
  const memberOf = new Map(members.filter((member) => !member.hidden).map((member) => [member.id, member]));
  return {
    id: series.id,
    slug: series.slug,
    name: series.name,
    rule: series.rule,
    contests: chosen.map(({ slug, name, heldOn, weight }) => ({ slug, name, heldOn, weight })),
    standings: combined.flatMap((standing) => {
      const member = memberOf.get(standing.studentId);
      return member ? [{ ...standing, member: { slug: member.slug, name: member.name, batch: member.batch } }] : [];
    }),
  };
}

/** The series a member is ranked in, with their place (member pages). */
export async function seriesPositionsOf(db: Database, studentId: string) {
  const all = await listSeries(db);
  const positions = [];
  for (const series of all) {
    const ranking = await findSeriesRanking(db, series.slug);
    const standing = ranking?.standings.find((entry) => entry.studentId === studentId);
    if (ranking && standing)
      positions.push({ slug: series.slug, name: series.name, rank: standing.rank, of: ranking.standings.length });
  }
  return positions;
}

/** `GET /api/rankings/{slug}`. */
export const apiRanking = z
  .strictObject({
    slug: z.string(),
    name: z.string(),
    rule: z.enum(RANKING_RULES),
    contests: z.array(
      z.strictObject({ slug: z.string(), name: z.string(), held_on: z.string().nullable(), weight: z.number() }),
    ),
    standings: z.array(
      z.strictObject({
        rank: z.number().int(),
        member: z.strictObject({ slug: z.string(), name: z.string(), batch: z.number().int().nullable() }),
        points: z.number(),
        penalty: z.number(),
        per_contest: z.array(z.number().nullable()),
        taken: z.number().int(),
        absences: z.number().int(),
      }),
    ),
  })
  .meta({ id: "Ranking" });

export const toApiRanking = (ranking: SeriesRanking): z.infer<typeof apiRanking> => ({
  slug: ranking.slug,
  name: ranking.name,
  rule: ranking.rule,
  contests: ranking.contests.map(({ heldOn, ...contest }) => ({ ...contest, held_on: heldOn })),
  standings: ranking.standings.map((standing) => ({
    rank: standing.rank,
    member: standing.member,
    points: standing.points,
    penalty: standing.penalty,
    per_contest: standing.perContest,
    taken: standing.taken,
    absences: standing.absences,
  })),
});
