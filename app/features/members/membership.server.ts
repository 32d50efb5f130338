import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "~/core/audit.server";
import { freeSlug, isUniqueViolation } from "~/core/crud.server";
import { dateField, fieldMessage, optionalText, requiredText } from "~/core/fields";
import { UUID_PATTERN } from "~/core/ids";
import { releaseReviewedMedia } from "~/core/media.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { APPLICATION_STATUSES, membershipApplications, membershipRounds, students } from "~/db/schema";
import type { Message } from "~/i18n/message";
import { schemaMessage } from "~/i18n/message";
import { type Page, readPage } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE } from "~/lib/table-query";
import { feeOfRound, paidInRound } from "./dues.server";
import { findClaimableStudent, findMemberProfile, memberProfileInput } from "./members.server";
import type { ApiApplication, ApiRound, ApplicationStatus } from "./membership";
import { STUDENT_FALLBACK_SLUG } from "./students";

/** Body of the dashboard's "Open a round" form. */
export const roundInput = z
  .object({
    session: requiredText("messages.fields.session", 9),
    opens_on: dateField("messages.fields.opensOn"),
    closes_on: dateField("messages.fields.closesOn"),
    note: optionalText("messages.fields.note", 1000),
  })
  .refine((round) => round.closes_on >= round.opens_on, {
    path: ["closes_on"],
    error: schemaMessage("messages.membership.closesAfterOpens"),
  });

/**
 * Body of an application (the /join form and `POST /api/membership-rounds/{id}/applications`):
 * the member profile's facts, checked by the same rules.
 */
export const applicationInput = memberProfileInput.pick({
  name: true,
  batch: true,
  session: true,
  studentId: true,
  photoURL: true,
});

export type ApplicationInput = z.infer<typeof applicationInput>;

/** `?status=` and `?batch=` of the admins' list of applications; anything else is no filter. */
export const applicationFilterQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  batch: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** Body of `POST /api/membership-applications/{id}/{approve|reject}`. */
export const decisionInput = z.object({
  reason: z
    .string()
    .trim()
    .max(500, fieldMessage("messages.field.tooLong", "messages.fields.reason", { max: 500 }))
    .optional(),
});

type RoundRow = typeof membershipRounds.$inferSelect;

const toApiRound = (row: RoundRow): ApiRound => ({
  _id: row.id,
  session: row.session,
  opens_on: row.opensOn,
  closes_on: row.closesOn,
  note: row.note,
});

export async function createRound(db: Database, input: z.infer<typeof roundInput>): Promise<string> {
  const [row] = await db
    .insert(membershipRounds)
    .values({ session: input.session, opensOn: input.opens_on, closesOn: input.closes_on, note: input.note ?? "" })
    .returning({ id: membershipRounds.id });
  return String(row?.id);
}

/** Every round, the newest first. */
export async function listRounds(db: Database): Promise<ApiRound[]> {
  const rows = await db.select().from(membershipRounds).orderBy(desc(membershipRounds.opensOn));
  return rows.map(toApiRound);
}

/** The round with this id, if there is one. */
export async function findRound(db: Database, id: string): Promise<ApiRound | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(membershipRounds).where(eq(membershipRounds.id, id)).limit(1);
  return row && toApiRound(row);
}

/** The round open on `today` (YYYY-MM-DD in the club's time zone), the latest to open if several are. */
export async function openRound(db: Database, today: string): Promise<ApiRound | undefined> {
  const [row] = await db
    .select()
    .from(membershipRounds)
    .where(and(lte(membershipRounds.opensOn, today), gte(membershipRounds.closesOn, today)))
    .orderBy(desc(membershipRounds.opensOn))
    .limit(1);
  return row && toApiRound(row);
}

/**
 * The current round: the latest to have opened by `today` (YYYY-MM-DD in the club's time zone),
 * closed or not. Its approved applicants are the club's members until the next round opens.
 */
export async function currentRound(db: Database, today: string): Promise<ApiRound | undefined> {
  const [row] = await db
    .select()
    .from(membershipRounds)
    .where(lte(membershipRounds.opensOn, today))
    .orderBy(desc(membershipRounds.opensOn), desc(membershipRounds.createdAt))
    .limit(1);
  return row && toApiRound(row);
}

/**
 * For each address that has an account (lower-cased): whether its owner is an approved member
 * of the current round. Addresses without an account are left out.
 */
export async function currentMembershipByEmail(
  db: Database,
  emails: string[],
  today: string,
): Promise<Map<string, boolean>> {
  if (emails.length === 0) return new Map();
  const round = await currentRound(db, today);
  const fee = round && (await feeOfRound(db, round._id));
  // A round that requires its fee counts only those whose payments reach it.
  const owed = fee?.feeRequired && fee.feeMinor !== null ? fee.feeMinor : 0;
  const rows = await db
    .select({
      email: users.email,
      status: membershipApplications.status,
      paidMinor: paidInRound(membershipApplications.roundId, users.id),
    })
    .from(users)
    .leftJoin(
      membershipApplications,
      and(eq(membershipApplications.userId, users.id), eq(membershipApplications.roundId, round?._id ?? NO_ROUND)),
    )
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.status === "approved" && row.paidMinor >= owed]));
}

/** A round id no round has: with no round yet, nobody is a member. */
const NO_ROUND = "00000000-0000-0000-0000-000000000000";

/** A refusal says why as a message: the API words it in English, a page in its reader's language. */
export type Applied = { ok: true; id: string } | { ok: false; status: 404 | 409; message: Message };

/** A member's own application, in the audit log (the form and the API both record it). */
export async function auditApplication(db: Database, actor: Actor, applicationId: string, name: string) {
  await recordAudit(db, actor, {
    action: "create",
    entity: "membership-applications",
    entityId: applicationId,
    label: name,
  });
}

/** Why an application is refused. */
const refusals = {
  noRound: { key: "messages.membership.noRound" },
  roundClosed: { key: "messages.membership.roundClosed" },
  appliedTwice: { key: "accounts.join.appliedTwice" },
} as const satisfies Record<string, Message>;

/** The answer to a round id that names no round. */
export const noRoundMessage: Message = refusals.noRound;

/** Applied twice: the one refusal a page that offers only the open round can meet besides its closing. */
export const appliedTwiceMessage: Message = refusals.appliedTwice;

const refused = (status: 404 | 409, reason: keyof typeof refusals): Applied => ({
  ok: false,
  status,
  message: refusals[reason],
});

/** Applies in a round that is open today; a second application to one round is refused (the database decides). */
export async function apply(
  db: Database,
  user: { id: string },
  roundId: string,
  input: ApplicationInput,
  today: string,
): Promise<Applied> {
  if (!UUID_PATTERN.test(roundId)) return refused(404, "noRound");
  const [round] = await db.select().from(membershipRounds).where(eq(membershipRounds.id, roundId)).limit(1);
  if (!round) return refused(404, "noRound");
  if (today < round.opensOn || today > round.closesOn) {
    return refused(409, "roundClosed");
  }
  try {
    const [row] = await db
      .insert(membershipApplications)
      .values({
        roundId,
        userId: user.id,
        name: input.name,
        batch: input.batch ?? null,
        session: input.session || round.session,
        studentNumber: input.studentId || null,
        photoURL: input.photoURL,
      })
      .returning({ id: membershipApplications.id });
    return { ok: true, id: String(row?.id) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return refused(409, "appliedTwice");
  }
}

const applicationColumns = {
  id: membershipApplications.id,
  roundId: membershipApplications.roundId,
  name: membershipApplications.name,
  batch: membershipApplications.batch,
  session: membershipApplications.session,
  studentNumber: membershipApplications.studentNumber,
  photoURL: membershipApplications.photoURL,
  status: membershipApplications.status,
  reason: membershipApplications.reason,
  createdAt: membershipApplications.createdAt,
  email: users.email,
};

type ApplicationRow = Pick<
  typeof membershipApplications.$inferSelect,
  "id" | "roundId" | "name" | "batch" | "session" | "studentNumber" | "photoURL" | "status" | "reason" | "createdAt"
> & { email: string };

const toApiApplication = (row: ApplicationRow): ApiApplication => ({
  _id: row.id,
  round_id: row.roundId,
  session: row.session,
  name: row.name,
  batch: row.batch,
  email: row.email,
  studentId: row.studentNumber,
  photoURL: row.photoURL,
  status: row.status,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

export interface ApplicationFilters {
  status?: ApplicationStatus;
  batch?: number;
}

/** One page of a round's applications, the oldest first (first come, first decided). */
export async function listApplications(
  db: Database,
  roundId: string,
  filters: ApplicationFilters,
  page: number,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<Page<ApiApplication>> {
  if (!UUID_PATTERN.test(roundId)) return { items: [], page: 1, pageCount: 1, total: 0 };
  const conditions: SQL[] = [eq(membershipApplications.roundId, roundId)];
  if (filters.status) conditions.push(eq(membershipApplications.status, filters.status));
  if (filters.batch !== undefined) conditions.push(eq(membershipApplications.batch, filters.batch));
  const where = and(...conditions);
  const [totals] = await db.select({ total: count() }).from(membershipApplications).where(where);
  return readPage({ page, pageSize }, totals?.total ?? 0, async (limit, offset) => {
    const rows = await db
      .select(applicationColumns)
      .from(membershipApplications)
      .innerJoin(users, eq(users.id, membershipApplications.userId))
      .where(where)
      .orderBy(membershipApplications.createdAt, membershipApplications.id)
      .limit(limit)
      .offset(offset);
    return rows.map(toApiApplication);
  });
}

/** A person's own applications, the newest first (their dashboard shows the decisions). */
export async function applicationsOf(db: Database, userId: string): Promise<ApiApplication[]> {
  const rows = await db
    .select(applicationColumns)
    .from(membershipApplications)
    .innerJoin(users, eq(users.id, membershipApplications.userId))
    .where(eq(membershipApplications.userId, userId))
    .orderBy(desc(membershipApplications.createdAt));
  return rows.map(toApiApplication);
}

/** A person's application in one round, if any (the /join page says so). */
export async function applicationIn(db: Database, roundId: string, userId: string) {
  const [row] = await db
    .select({ status: membershipApplications.status })
    .from(membershipApplications)
    .where(and(eq(membershipApplications.roundId, roundId), eq(membershipApplications.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Decides the waiting applications among `ids` (others are left as they are); returns how many
 * were decided. Approving makes the person a member: their member profile (the student record
 * linked to their account) is made from the application, or given the round's session and
 * batch when they have one already, so they are on the Students page.
 */
export async function decideApplications(
  db: Database,
  ids: readonly string[],
  decision: "approve" | "reject",
  reason: string | undefined,
  actor: Actor,
): Promise<number> {
  const valid = ids.filter((id) => UUID_PATTERN.test(id));
  if (valid.length === 0) return 0;
  return db.transaction(async (tx) => {
    const decided = await tx
      .update(membershipApplications)
      .set({
        status: decision === "approve" ? "approved" : "rejected",
        reason: reason?.trim() || null,
        decidedAt: new Date(),
      })
      .where(and(inArray(membershipApplications.id, valid), eq(membershipApplications.status, "pending")))
      .returning();
    if (decision === "approve") {
      for (const application of decided) await makeMember(tx, application);
    }
    for (const application of decided) {
      await recordAudit(tx, actor, {
        action: decision,
        entity: "membership-applications",
        entityId: application.id,
        label: application.name,
        after: { status: application.status, reason: application.reason },
      });
    }
    return decided.length;
  });
}

async function makeMember(db: Database, application: typeof membershipApplications.$inferSelect) {
  // The photo sent with the application becomes public with the approval.
  await releaseReviewedMedia(db, [application.photoURL]);
  const profile = await findMemberProfile(db, application.userId);
  const facts = {
    batch: application.batch,
    session: application.session,
    ...(application.studentNumber ? { studentNumber: application.studentNumber } : {}),
  };
  if (profile) {
    await db.update(students).set(facts).where(eq(students.id, profile._id));
    return;
  }
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, application.userId));
  // A record an admin made with their email becomes theirs rather than a second one, once
  // they have proved that address.
  const claimable =
    account?.emailVerified && (await findClaimableStudent(db, { id: application.userId, email: account.email }));
  if (claimable) {
    await db
      .update(students)
      .set({ ...facts, userId: application.userId })
      .where(eq(students.id, claimable.id));
    return;
  }
  await db.insert(students).values({
    ...facts,
    name: application.name,
    email: account?.email ?? "",
    photoURL: application.photoURL,
    userId: application.userId,
    slug: await freeSlug(db, students, application.name, STUDENT_FALLBACK_SLUG),
  });
}
