import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { clubTimeZoneIn } from "~/core/settings.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { attendees, events, students } from "~/db/schema";
import { issueCertificates } from "~/features/events/certificates.server";
import { confirmTeammate, findVisibleEvent, register } from "~/features/events/registrations.server";

/** Demo people who register: students with accounts (no password: nobody signs in as them). */
const REGISTRANTS_NEEDED = 14;

/** Three teams for two places (the third waits), five people at a workshop, six at a past one. */
const DEMO_TEAMS = [
  { name: "Byte Busters", size: 3 },
  { name: "Hill Coders", size: 3 },
  { name: "Null Pointers", size: 2 },
] as const;

const CONTEST = "RMSTU Intra University Programming Contest 2026";
const WORKSHOP = "Workshop on Git and GitHub for Beginners";
const PAST_WORKSHOP = "Workshop on Python for Beginners";

/**
 * Registrations for the demo: a contest for teams with a waitlist, a workshop, and a past
 * workshop with everyone checked in. Written through the same rules as a person's (admins
 * may register anyone at any time); the past workshop's people have their certificates.
 */
export async function seedDemoRegistrations(db: Database): Promise<void> {
  const timeZone = await clubTimeZoneIn(db);
  const people = await demoRegistrants(db);
  const now = new Date();
  const byName = async (name: string) => {
    const [row] = await db.select({ id: events.id }).from(events).where(eq(events.name, name));
    return row && (await findVisibleEvent(db, row.id));
  };
  const registerAs = (eventId: string, person: Person, input: { team_name?: string; members: string[] }) =>
    register(db, { eventId, registrant: person, input, now, timeZone, byAdmin: true });

  const contest = await byName(CONTEST);
  if (contest) {
    let next = 0;
    for (const team of DEMO_TEAMS) {
      const members = people.slice(next, next + team.size);
      next += team.size;
      const [captain, ...mates] = members;
      if (!captain) break;
      await registerAs(contest._id, captain, { team_name: team.name, members: mates.map((mate) => mate.email) });
      for (const mate of mates) await confirmTeammate(db, { eventId: contest._id, user: mate });
    }
  }
  const workshop = await byName(WORKSHOP);
  if (workshop) for (const person of people.slice(0, 5)) await registerAs(workshop._id, person, { members: [] });
  const past = await byName(PAST_WORKSHOP);
  if (past) {
    for (const person of people.slice(8, 14)) await registerAs(past._id, person, { members: [] });
    await db
      .update(attendees)
      // Five past ten on the club's clocks (UTC+6), the morning of the workshop.
      .set({ checkedInAt: new Date(`${past.starts_on}T04:05:00Z`) })
      .where(and(eq(attendees.eventId, past._id), isNull(attendees.checkedInAt)));
    await issueCertificates(db, past._id, now);
  }
}

interface Person {
  id: string;
  email: string;
}

/** Accounts for the first demo students, linked to their records, so registrations show names and batches. */
async function demoRegistrants(db: Database): Promise<Person[]> {
  const chosen = await db
    .select()
    .from(students)
    .orderBy(asc(students.batch), asc(students.name))
    .limit(REGISTRANTS_NEEDED);
  await db
    .insert(users)
    .values(chosen.map((student) => ({ name: student.name, email: student.email, emailVerified: true })))
    .onConflictDoNothing();
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        chosen.map((student) => student.email),
      ),
    );
  const accountOf = new Map(accounts.map((account) => [account.email, account.id]));
  for (const student of chosen) {
    const userId = accountOf.get(student.email);
    if (userId && !student.userId) await db.update(students).set({ userId }).where(eq(students.id, student.id));
  }
  return chosen.flatMap((student) => {
    const id = accountOf.get(student.email);
    return id ? [{ id, email: student.email }] : [];
  });
}
