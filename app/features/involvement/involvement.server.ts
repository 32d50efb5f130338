import { eq, type SQL, sql } from "drizzle-orm";
import type { SiteSettings } from "~/core/settings.server";
import { type Database, selectRows } from "~/db/client.server";
import { contestRows, contests, events, eventVolunteers, executives, students } from "~/db/schema";
import { attendancePairs } from "~/features/events/attendance-sheet.server";
import { UNPUBLISHED_EVENT_STATUSES } from "~/features/events/event-types";
import {
  type InvolvementCounts,
  type InvolvementRow,
  type InvolvementWeights,
  parseTermStarts,
  recentTerms,
  scoreOf,
  type Term,
  termOf,
} from "./involvement";

/** The weights and term days an admin set (settings' "Involvement" tab). */
export interface InvolvementRules {
  weights: InvolvementWeights;
  termStarts: string[];
}

const DEFAULT_TERM_STARTS = ["01-01", "07-01"];

export function involvementRulesOf(settings: SiteSettings): InvolvementRules {
  return {
    weights: {
      session: Number(settings.sessionWeight),
      event: Number(settings.eventWeight),
      contest: Number(settings.contestWeight),
      executive: Number(settings.executiveWeight),
      volunteer: Number(settings.volunteerWeight),
    },
    termStarts: parseTermStarts(settings.termStarts) ?? DEFAULT_TERM_STARTS,
  };
}

/** The terms a screen offers: the current one and the five before it. */
export const termsToOffer = (today: string, rules: InvolvementRules) => recentTerms(today, rules.termStarts, 6);

/** The term a `?term=YYYY-MM-DD` names (any day in it), else the current one. */
export function termOfQuery(value: string | null, today: string, rules: InvolvementRules): Term {
  const day = value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : today;
  return termOf(day, rules.termStarts);
}

interface CountsRow {
  id: string;
  name: string;
  slug: string;
  batch: number | null;
  sessions: number;
  events: number;
  contests: number;
  executive: number;
  volunteered: number;
}

const hidden = sql.raw(UNPUBLISHED_EVENT_STATUSES.map((status) => `'${status}'`).join(", "));

/**
 * Each member's counts in the term, in one query: events of the term (dated in it, public, not
 * cancelled) attended (sheet or door), split into sessions (occurrences of a series) and
 * others; published contests held in it; the panel serving in it; events volunteered at.
 */
function countsQuery(term: Term, which: SQL): SQL {
  return sql`
    with term_events as (
      select ${events.id} as id, ${events.seriesId} is not null as session from ${events}
       where ${events.startsOn} >= ${term.from}::date and ${events.startsOn} < ${term.until}::date
         and ${events.status} not in (${hidden}, 'cancelled')
    ), attended as (
      select pairs.student_id,
             count(*) filter (where term_events.session)::int as sessions,
             count(*) filter (where not term_events.session)::int as events
        from ${attendancePairs} as pairs join term_events on term_events.id = pairs.event_id
       group by pairs.student_id
    ), contested as (
      select student_id, count(distinct contest_id)::int as contests from (
        select unnest(${contestRows.studentIds}) as student_id, ${contestRows.contestId} as contest_id
          from ${contestRows} join ${contests} on ${contests.id} = ${contestRows.contestId}
         where ${contests.status} = 'published'
           and ${contests.heldOn} >= ${term.from}::date and ${contests.heldOn} < ${term.until}::date
      ) as taken group by student_id
    ), volunteered as (
      select ${eventVolunteers.studentId} as student_id, count(*)::int as volunteered
        from ${eventVolunteers} join term_events on term_events.id = ${eventVolunteers.eventId}
       group by ${eventVolunteers.studentId}
    ), panel as (
      select distinct ${students.id} as student_id from ${executives}
        join ${students} on lower(${students.email}) = lower(${executives.email})
       where ${executives.panel} ~ '^[0-9]{4}-[0-9]{4}$'
         and make_date(substr(${executives.panel}, 1, 4)::int, 7, 1) < ${term.until}::date
         and make_date(substr(${executives.panel}, 6, 4)::int, 7, 1) > ${term.from}::date
    )
    select ${students.id} as id, ${students.name} as name, ${students.slug} as slug, ${students.batch} as batch,
           coalesce(attended.sessions, 0) as sessions, coalesce(attended.events, 0) as events,
           coalesce(contested.contests, 0) as contests, (panel.student_id is not null)::int as executive,
           coalesce(volunteered.volunteered, 0) as volunteered
      from ${students}
      left join attended on attended.student_id = ${students.id}
      left join contested on contested.student_id = ${students.id}
      left join volunteered on volunteered.student_id = ${students.id}
      left join panel on panel.student_id = ${students.id}
     where ${which}`;
}

function toRow(row: CountsRow, weights: InvolvementWeights): InvolvementRow {
  const counts: InvolvementCounts = {
    sessions: Number(row.sessions),
    events: Number(row.events),
    contests: Number(row.contests),
    executive: Number(row.executive),
    volunteered: Number(row.volunteered),
  };
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    batch: row.batch,
    ...counts,
    roles: counts.executive + counts.volunteered,
    score: scoreOf(counts, weights),
  };
}

const involved = sql`(attended.student_id is not null or contested.student_id is not null
  or volunteered.student_id is not null or panel.student_id is not null)`;

/** The term's table: every member involved in anything. */
export async function listInvolvement(
  db: Database,
  args: { term: Term; weights: InvolvementWeights },
): Promise<InvolvementRow[]> {
  const rows = await selectRows<CountsRow>(db, countsQuery(args.term, involved));
  return rows.map((row) => toRow(row, args.weights));
}

/** One member's involvement in the term (zeros when nothing counted). */
export async function involvementOf(
  db: Database,
  args: { term: Term; weights: InvolvementWeights; studentId: string },
): Promise<InvolvementRow | undefined> {
  const [row] = await selectRows<CountsRow>(db, countsQuery(args.term, sql`${students.id} = ${args.studentId}`));
  return row && toRow(row, args.weights);
}

/** The batches of the term's table, for its filter. */
export const batchesOf = (rows: InvolvementRow[]) =>
  [...new Set(rows.flatMap((row) => (row.batch === null ? [] : [row.batch])))].sort((a, b) => a - b);

/** The account a member record belongs to: its id, null for a record nobody claimed, undefined for no record. */
export async function findStudentAccount(db: Database, studentId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
  return row?.userId;
}

/** The member record of an account, if it has one. */
export async function findStudentOfAccount(db: Database, userId: string) {
  const [row] = await db
    .select({ id: students.id, involvementPublic: students.involvementPublic })
    .from(students)
    .where(eq(students.userId, userId));
  return row;
}
