import crypto from "node:crypto";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { students } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import type { ApiEvent } from "~/features/events/events";
import { findVisibleEvent } from "~/features/events/registrations.server";

/** Events, people and their registrations written straight to a test database. */

export const uniqueSuffix = () => crypto.randomBytes(4).toString("hex");

/**
 * An account named `name` with an address of its own; with a batch (or a profile name), the
 * member profile that says so too.
 */
export async function addAccount(
  db: Database,
  name = "Person",
  profile?: { batch?: number; name?: string },
): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${uniqueSuffix()}@x.org`;
  const [user] = await db.insert(users).values({ name, email }).returning();
  if (!user) throw new Error("no user");
  if (profile) {
    await db.insert(students).values({
      name: profile.name ?? name,
      email,
      batch: profile.batch ?? null,
      photoURL: "/media/a.png",
      userId: user.id,
    });
  }
  return { id: user.id, email };
}

/** An event added as the dashboard's form adds one: a contest on 1 June 2031 at 10:00 unless `extra` says otherwise. */
export async function addEvent(db: Database, extra: Record<string, string> = {}): Promise<ApiEvent> {
  const written = await collectionServices.events.create(
    db,
    {
      eventType: "Programming Contest",
      name: `Contest ${uniqueSuffix()}`,
      starts_on: "2031-06-01",
      starts_at: "10:00",
      problem_number: "8",
      contest_duration: "3 Hours",
      details: "Bring your laptop.",
      ...extra,
    },
    null,
  );
  if (!written.ok) throw new Error(JSON.stringify(written.errors));
  const event = await findVisibleEvent(db, written.id);
  if (!event) throw new Error("no event");
  return event;
}
