import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { UUID_PATTERN } from "~/core/ids";
import type { Database } from "~/db/client.server";
import { contestRows, contests, standingsTeamLinks, students } from "~/db/schema";
import { rosterNumbers, TEAM_NUMBER_IN_USERNAME } from "~/features/events/domjudge-export.server";
import { JUDGES } from "~/features/members/members";
import type { StandingsRow } from "./standings";

/**
 * Teams linked back to member profiles, for files that name no handle or email (CLICS,
 * results.tsv): a team the club's DOMjudge roster export made is known by the number it was
 * given (its id, or its account `team<number>`); any other team by a link an admin made in a
 * preview, remembered by the team's name for its next import.
 */

/** A team's name as links remember it: files of different judges write it in different cases and spacing. */
export const teamNameKey = (name: string) => name.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

/** The number of a roster team from an id in the file: the id itself, or the account's `team<number>`. */
function rosterNumberOf(teamId: string): string | undefined {
  if (/^[1-9][0-9]*$/.test(teamId)) return teamId;
  const account = /^team/i.test(teamId) ? TEAM_NUMBER_IN_USERNAME.exec(teamId) : null;
  return account?.[1];
}

/**
 * Roster number → member profile, as the export numbers them: the listed members first (the
 * export's set, so its rare shifts of two hashes that meet are the same), then those hidden since.
 */
async function rosterTeams(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ id: students.id, hidden: students.hidden }).from(students);
  const listed = rosterNumbers(rows.filter((row) => !row.hidden).map((row) => row.id));
  const hidden = rosterNumbers(rows.filter((row) => row.hidden).map((row) => row.id));
  const byNumber = new Map<string, string>();
  for (const numbers of [listed, hidden]) {
    for (const [studentId, number] of numbers) if (!byNumber.has(number)) byNumber.set(number, studentId);
  }
  return byNumber;
}

/** Each row's member profiles by its team: the roster export's number, else a remembered link; empty: none. */
export async function teamLinkedMembers(db: Database, rows: readonly StandingsRow[]): Promise<string[][]> {
  const withIds = rows.some((row) => (row.teamIds ?? []).some((id) => rosterNumberOf(id)));
  const roster = withIds ? await rosterTeams(db) : new Map<string, string>();
  const keys = [...new Set(rows.map((row) => teamNameKey(row.name)))];
  const remembered = keys.length
    ? await db.select().from(standingsTeamLinks).where(inArray(standingsTeamLinks.nameKey, keys))
    : [];
  const byName = new Map(remembered.map((link) => [link.nameKey, link.studentIds]));
  return rows.map((row) => {
    for (const id of row.teamIds ?? []) {
      const number = rosterNumberOf(id);
      const studentId = number && roster.get(number);
      if (studentId) return [studentId];
    }
    return byName.get(teamNameKey(row.name)) ?? [];
  });
}

/** A member found for linking: enough to tell two of the same name apart. */
export interface MemberChoice {
  id: string;
  name: string;
  batch: number | null;
  handles: string[];
}

const MEMBER_CHOICES = 20;

/** Members whose name or any judge handle holds `query`, or whose batch it is; the first 20 by name. */
export async function findMemberChoices(db: Database, query: string): Promise<MemberChoice[]> {
  const text = query.trim();
  if (text === "") return [];
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const batch = /^\d{1,4}$/.test(text) ? Number(text) : undefined;
  const found = await db
    .select()
    .from(students)
    .where(
      or(
        ilike(students.name, pattern),
        ...JUDGES.map((judge) => ilike(students[judge.key], pattern)),
        ...(batch === undefined ? [] : [eq(students.batch, batch)]),
      ),
    )
    .orderBy(asc(students.name), asc(students.id))
    .limit(MEMBER_CHOICES);
  return found.map(memberChoice);
}

function memberChoice(student: typeof students.$inferSelect): MemberChoice {
  return {
    id: student.id,
    name: student.name,
    batch: student.batch,
    handles: JUDGES.flatMap((judge) => student[judge.key] ?? []),
  };
}

/** The profiles of these ids, as choices (those already linked to a row). */
export async function memberChoicesByIds(db: Database, ids: readonly string[]): Promise<MemberChoice[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select()
    .from(students)
    .where(inArray(students.id, [...ids]));
  return found.map(memberChoice);
}

/**
 * Links a preview's row to these members (none: unlinks it) and remembers the link by the
 * team's name for later imports. False: no such row in a preview, or a member that doesn't exist.
 */
export async function linkTeam(
  db: Database,
  args: { contestId: string; rowId: string; studentIds: readonly string[] },
): Promise<{ name: string } | undefined> {
  const ids = [...new Set(args.studentIds)];
  if (![args.contestId, args.rowId, ...ids].every((id) => UUID_PATTERN.test(id))) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: contestRows.name })
      .from(contestRows)
      .innerJoin(contests, eq(contests.id, contestRows.contestId))
      .where(and(eq(contestRows.id, args.rowId), eq(contests.id, args.contestId), eq(contests.status, "preview")));
    if (!row) return undefined;
    if (ids.length > 0 && (await tx.$count(students, inArray(students.id, ids))) !== ids.length) return undefined;
    await tx.update(contestRows).set({ studentIds: ids }).where(eq(contestRows.id, args.rowId));
    const nameKey = teamNameKey(row.name);
    if (ids.length === 0) {
      await tx.delete(standingsTeamLinks).where(eq(standingsTeamLinks.nameKey, nameKey));
    } else {
      await tx
        .insert(standingsTeamLinks)
        .values({ nameKey, name: row.name, studentIds: ids })
        .onConflictDoUpdate({
          target: standingsTeamLinks.nameKey,
          set: { name: row.name, studentIds: ids, linkedAt: sql`now()` },
        });
    }
    return { name: row.name };
  });
}
