import { and, asc, desc, eq } from "drizzle-orm";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { defineStore } from "~/core/crud.server";
import { UUID_PATTERN } from "~/core/ids";
import { publishingOf, publishingValues } from "~/core/publishing.server";
import type { Database } from "~/db/client.server";
import { recentEvents } from "~/db/schema";
import type { ApiRecentEvent, RecentEventInput } from "./recent-events";
import { recentEventFields } from "./recent-events.fields";

type RecentEventRow = typeof recentEvents.$inferSelect;

/** The home page grid shows this many of the newest recent events. */
export const HOME_RECENT_EVENTS = 6;

export const toApiRecentEvent: (row: RecentEventRow) => ApiRecentEvent = recordOf(recentEventFields);

const published = eq(recentEvents.status, "published");

/** Published recent events, newest first; `limit` for the home grid, none for the API. */
export async function listRecentEvents(db: Database, limit?: number): Promise<ApiRecentEvent[]> {
  const query = db
    .select()
    .from(recentEvents)
    .where(published)
    .orderBy(desc(recentEvents.createdAt), asc(recentEvents.name));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toApiRecentEvent);
}

/** A published recent event (its details page), or undefined. */
export async function findRecentEvent(db: Database, id: string): Promise<ApiRecentEvent | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(recentEvents)
    .where(and(eq(recentEvents.id, id), published))
    .limit(1);
  return row && toApiRecentEvent(row);
}

/** A recent event as an admin's screens and the write API read it: with its publishing state. */
const toAdminRecentEvent = (row: RecentEventRow): ApiRecentEvent => ({
  ...toApiRecentEvent(row),
  ...publishingOf(row),
});

const recentEventValues = valuesOf(recentEvents, recentEventFields);

/** The dashboard's and the write API's access to recent events. */
export const recentEventStore = defineStore({
  table: recentEvents,
  toApi: toAdminRecentEvent,
  toValues: (_db, input: RecentEventInput, id?: string) => ({
    ...publishingValues(input, id),
    ...recentEventValues(input),
  }),
  searchColumns: [recentEvents.name],
  orderBy: [desc(recentEvents.createdAt), asc(recentEvents.id)],
  sorts: { name: recentEvents.name },
});
