import { asc, desc, eq, isNotNull } from "drizzle-orm";
import { clubTimeZoneIn } from "~/core/settings.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { membershipApplications, membershipRounds, students } from "~/db/schema";
import { recordPayment } from "~/features/members/dues.server";
import { todayIn } from "~/lib/format";

/** The demo's treasurer, as a receipt names who recorded it. */
const TREASURER = { actor: { id: null, email: "treasurer@demo.invalid", ip: "127.0.0.1" }, name: "কোষাধ্যক্ষ" };

/** A member whose name is written in Bangla: her receipt prints it as written. */
const BANGLA_MEMBER = { name: "তাসনিম জাহান", email: "tasnim.jahan@student.rmstu.ac.bd", batch: 9 };

/**
 * The demo round's dues: a fee of 200 taka, and three approved members of it: the Bangla-named
 * member paid in full by bKash, another paid half in cash, a third not yet. The fee is not
 * required, so the demo's members-only events stay open to all three.
 */
export async function seedDemoDues(db: Database): Promise<void> {
  const timeZone = await clubTimeZoneIn(db);
  const [round] = await db.select().from(membershipRounds).orderBy(desc(membershipRounds.opensOn)).limit(1);
  if (!round) return;
  await db.update(membershipRounds).set({ feeMinor: 20000, currency: "BDT" }).where(eq(membershipRounds.id, round.id));
  const [bangla] = await db
    .insert(users)
    .values({ name: BANGLA_MEMBER.name, email: BANGLA_MEMBER.email, emailVerified: true })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const linked = await db
    .select({ userId: students.userId, name: students.name })
    .from(students)
    .where(isNotNull(students.userId))
    .orderBy(asc(students.name))
    .limit(2);
  const others = linked;
  const members = [
    ...(bangla ? [{ userId: bangla.id, name: BANGLA_MEMBER.name, batch: BANGLA_MEMBER.batch }] : []),
    ...others.map((student) => ({ userId: String(student.userId), name: student.name, batch: null })),
  ];
  const applications = await db
    .insert(membershipApplications)
    .values(
      members.map((member) => ({
        roundId: round.id,
        userId: member.userId,
        name: member.name,
        batch: member.batch,
        session: round.session,
        photoURL: "/images/member.svg",
        status: "approved" as const,
        decidedAt: new Date(),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: membershipApplications.id });
  const today = todayIn(timeZone);
  const [fullBkash, halfCash] = applications;
  if (fullBkash) {
    await recordPayment(
      db,
      {
        roundId: round.id,
        payer: { applicationId: fullBkash.id },
        method: "bkash",
        reference: "BKA7Q2M9XD",
        amountMinor: 20000,
        paidOn: today,
        source: "manual",
      },
      TREASURER,
    );
  }
  if (halfCash) {
    await recordPayment(
      db,
      {
        roundId: round.id,
        payer: { applicationId: halfCash.id },
        method: "cash",
        reference: "",
        amountMinor: 10000,
        paidOn: today,
        source: "manual",
      },
      TREASURER,
    );
  }
}
