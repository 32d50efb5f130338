import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  contestSearchDocument,
  contests,
  eventSearchDocument,
  events,
  executiveSearchDocument,
  executives,
  noticeSearchDocument,
  notices,
  rankingSeries,
  resultSearchDocument,
  results,
  studentSearchDocument,
  students,
  teacherSearchDocument,
  teachers,
} from "~/db/schema";
import { searchDocument } from "~/db/search-documents";
import { UNPUBLISHED_EVENT_STATUSES } from "~/features/events/event-types";
import type { SearchType } from "./search";

/**
 * One searched table: its search text (the indexed expression), who may be found (published
 * items; members who did not hide themselves), and the columns a hit is shown with.
 */
export interface Source {
  type: SearchType;
  table: PgTable;
  document: SQL;
  visible: SQL;
  title: SQL;
  /** The text a snippet is cut from. */
  body: SQL;
  /**
   * A member's facts that the snippet names with labels ("Batch 6", "Panel 2020-2021"), as a
   * JSON object: the labels are words of the reader's language, so the snippet is worded
   * outside SQL. Null for the rest.
   */
  facts: SQL;
  /** What the hit's address is made of (a slug, a panel…). */
  key: SQL;
  extra: SQL;
}

/**
 * The bodies join their parts with " \u00b7 " written as an escape: a literal non-ASCII character
 * in a template makes the whole server bundle non-ASCII, and V8 then keeps its source text at
 * two bytes a character (megabytes of memory).
 */
export const SOURCES: readonly Source[] = [
  {
    type: "notice",
    table: notices,
    document: noticeSearchDocument(notices),
    visible: sql`${notices.status} = 'published'`,
    title: sql`${notices.name}`,
    body: sql`${notices.description}`,
    key: sql`${notices.slug}`,
    extra: sql`${notices.publishingDate}::text`,
    facts: sql`null::json`,
  },
  {
    type: "event",
    table: events,
    document: eventSearchDocument(events),
    // A cancelled event keeps its page, saying so; drafts and scheduled ones have none.
    visible: sql`${events.status} not in (${sql.join(
      UNPUBLISHED_EVENT_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})`,
    title: sql`${events.name}`,
    body: sql`concat_ws(' \u00b7 ', nullif(${events.venue}, ''), ${events.details})`,
    key: sql`${events.slug}`,
    extra: sql`${events.eventType}`,
    facts: sql`null::json`,
  },
  {
    type: "result",
    table: results,
    document: resultSearchDocument(results),
    visible: sql`${results.status} = 'published'`,
    title: sql`${results.name}`,
    body: sql`coalesce(${results.description}, '')`,
    key: sql`${results.id}::text`,
    // The results list's page it is on: how many published results come before it (newest first).
    extra: sql`(select count(*) from results as newer where newer.status = 'published'
      and (newer.publishing_date, newer.created_at) > (${results.publishingDate}, ${results.createdAt}))::text`,
    facts: sql`null::json`,
  },
  {
    type: "contest",
    table: contests,
    document: contestSearchDocument(contests),
    visible: sql`${contests.status} = 'published'`,
    title: sql`${contests.name}`,
    body: sql`''`,
    key: sql`${contests.slug}`,
    extra: sql`${contests.heldOn}::text`,
    facts: sql`null::json`,
  },
  {
    // A club has a handful of rankings: no search index of their own (the table is read whole).
    type: "ranking",
    table: rankingSeries,
    document: searchDocument(rankingSeries.name),
    visible: sql`true`,
    title: sql`${rankingSeries.name}`,
    body: sql`''`,
    key: sql`${rankingSeries.slug}`,
    extra: sql`${rankingSeries.rule}`,
    facts: sql`null::json`,
  },
  {
    type: "student",
    table: students,
    document: studentSearchDocument(students),
    // The email is neither searched nor shown, hidden or not: the member's page shows it when allowed.
    visible: sql`not ${students.hidden}`,
    title: sql`${students.name}`,
    body: sql`''`,
    key: sql`${students.slug}`,
    extra: sql`''`,
    facts: sql`json_build_object('batch', ${students.batch}, 'codeforces', ${students.codeforces},
      'vjudge', ${students.vjudge}, 'atcoder', ${students.atcoder}, 'codechef', ${students.codechef},
      'github', ${students.github})`,
  },
  {
    type: "teacher",
    table: teachers,
    document: teacherSearchDocument(teachers),
    visible: sql`true`,
    title: sql`${teachers.name}`,
    body: sql`concat_ws(' \u00b7 ', ${teachers.designation}, nullif(${teachers.details}, ''))`,
    key: sql`''`,
    extra: sql`''`,
    facts: sql`null::json`,
  },
  {
    type: "executive",
    table: executives,
    document: executiveSearchDocument(executives),
    visible: sql`true`,
    title: sql`${executives.name}`,
    body: sql`concat_ws(' \u00b7 ', ${executives.title}, ${executives.designation})`,
    key: sql`${executives.panel}`,
    extra: sql`''`,
    facts: sql`json_build_object('panel', ${executives.panel})`,
  },
];
