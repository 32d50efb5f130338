import { asc, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { liveContests } from "~/db/schema";

/**
 * The contests being followed or replayed now, for `/results` to link their live pages: only
 * the name and address (never the judge or its account). A change of status bumps the content
 * version (a trigger), so pages kept by the cache show a new one at once.
 */
export async function liveNowContests(db: Database): Promise<{ slug: string; name: string }[]> {
  return db
    .select({ slug: liveContests.slug, name: liveContests.name })
    .from(liveContests)
    .where(inArray(liveContests.status, ["following", "replaying"]))
    .orderBy(asc(liveContests.name));
}
