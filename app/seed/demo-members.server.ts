import { eq, inArray } from "drizzle-orm";
import { clubTimeZoneIn } from "~/core/settings.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { membershipApplications, membershipRounds, students } from "~/db/schema";
import type { JudgeKey } from "~/features/members/members";
import { todayIn } from "~/lib/format";

/** Demo students who are members with accounts, and their handles (made up; each judge's format). */
const DEMO_MEMBERS: readonly { name: string; handles: Partial<Record<JudgeKey, string>> }[] = [
  { name: "Sumaiya Islam", handles: { codeforces: "sumaiya_rmstu", vjudge: "sumaiya" } },
  { name: "Priyanka Chakma", handles: { codeforces: "priyanka.c", codechef: "priyanka_c" } },
  { name: "Tanvir Ahmed", handles: { codeforces: "tanvir-ahmed", atcoder: "tanvir_a", vjudge: "tanvir" } },
];

/** A plain silhouette: the demo applicants have no pictures of their own. */
const DEMO_APPLICANT_PHOTO = "/images/member.svg";

/** People who applied in the demo round and wait for an admin. */
const DEMO_APPLICANTS = [
  { name: "Ismat Ara", email: "ismat.ara@student.rmstu.ac.bd", batch: 9 },
  { name: "Sajid Hasan", email: "sajid.hasan@student.rmstu.ac.bd", batch: 9 },
  { name: "Thowai Ching Marma", email: "thowaiching.marma@student.rmstu.ac.bd", batch: 8 },
] as const;

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo's members: three demo students are linked to accounts with judge handles, and a
 * membership round is open (from three days ago for four weeks) with three applications
 * waiting. The accounts have no password: they show the dashboard's screens, nobody signs in.
 */
export async function seedDemoMembers(db: Database): Promise<void> {
  const timeZone = await clubTimeZoneIn(db);
  const linked = await db
    .select()
    .from(students)
    .where(
      inArray(
        students.name,
        DEMO_MEMBERS.map((member) => member.name),
      ),
    );
  const accounts = await db
    .insert(users)
    .values([
      // The demo's people have proved their addresses, as members would have.
      ...linked.map((student) => ({ name: student.name, email: student.email, emailVerified: true })),
      ...DEMO_APPLICANTS.map((applicant) => ({ name: applicant.name, email: applicant.email, emailVerified: true })),
    ])
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const accountOf = new Map(accounts.map((account) => [account.email, account.id]));
  for (const student of linked) {
    const userId = accountOf.get(student.email);
    const handles = DEMO_MEMBERS.find((member) => member.name === student.name)?.handles;
    if (userId)
      await db
        .update(students)
        .set({ userId, ...handles })
        .where(eq(students.id, student.id));
  }
  const today = todayIn(timeZone);
  const year = Number(today.slice(0, 4));
  const [round] = await db
    .insert(membershipRounds)
    .values({
      session: `${year}-${year + 1}`,
      opensOn: addDays(today, -3),
      closesOn: addDays(today, 25),
      note: "Open to every CSE student. Bring your questions to the club room, Sunday to Thursday.",
    })
    .returning({ id: membershipRounds.id, session: membershipRounds.session });
  if (!round) return;
  await db.insert(membershipApplications).values(
    DEMO_APPLICANTS.flatMap((applicant) => {
      const userId = accountOf.get(applicant.email);
      return userId
        ? [
            {
              roundId: round.id,
              userId,
              name: applicant.name,
              batch: applicant.batch,
              session: round.session,
              photoURL: DEMO_APPLICANT_PHOTO,
            },
          ]
        : [];
    }),
  );
}
