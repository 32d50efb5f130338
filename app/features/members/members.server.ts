import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, changedFields, recordAudit } from "~/core/audit.server";
import { isUniqueViolation } from "~/core/crud.server";
import { fieldMessage, linkField, optionalText, optionalWholeNumberField, requiredText } from "~/core/fields";
import { UUID_PATTERN } from "~/core/ids";
import { accountUploader, releaseReviewedMedia } from "~/core/media.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { students } from "~/db/schema";
import type { MessageKey } from "~/i18n/catalogs";
import { type FieldLabel, messageOf, schemaMessage } from "~/i18n/message";
import type { FieldErrors } from "~/lib/field-errors";
import { type Handles, JUDGES, type JudgeKey, type MemberProfile } from "./members";

type StudentRow = typeof students.$inferSelect;

const isHttpLink = (value: string) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value);

/** Each judge's handle field: its label and the rule its handles follow, as catalog keys. */
const HANDLE_TEXTS: Record<JudgeKey, { label: FieldLabel; rule: MessageKey }> = {
  codeforces: { label: "messages.fields.codeforcesHandle", rule: "messages.terms.codeforcesRule" },
  vjudge: { label: "messages.fields.vjudgeHandle", rule: "messages.terms.vjudgeRule" },
  atcoder: { label: "messages.fields.atcoderHandle", rule: "messages.terms.atcoderRule" },
  codechef: { label: "messages.fields.codechefHandle", rule: "messages.terms.codechefRule" },
};

function handleField(judge: (typeof JUDGES)[number]) {
  const texts = HANDLE_TEXTS[judge.key];
  return optionalText(texts.label, 40).refine((value) => !value || judge.pattern.test(value), {
    error: schemaMessage("messages.field.handle", { judge: judge.label, rule: messageOf(texts.rule) }),
  });
}

function webLinkField(label: FieldLabel) {
  return optionalText(label, 300).refine((value) => !value || isHttpLink(value), {
    error: fieldMessage("messages.field.httpLink", label),
  });
}

/**
 * A yes/no that is yes unless said otherwise: JSON sends true or false (or leaves it out); the
 * profile form sends "on" from its ticked box, else "off" from the hidden field after it.
 */
const checkbox = z.preprocess(
  (value) => (value === undefined ? undefined : value === true || value === "on" || value === "true"),
  z.boolean().default(true),
);

/** Body of `PUT /api/members/me` and the profile form at /dashboard/profile. */
export const memberProfileInput = z.object({
  name: requiredText("messages.fields.name", 200),
  batch: optionalWholeNumberField("messages.fields.batch"),
  session: optionalText("messages.fields.session", 9),
  studentId: optionalText("messages.fields.studentId", 20),
  photoURL: linkField("messages.fields.photo"),
  emailVisible: checkbox,
  /** Shown on the Students page and their own page (unticked: only admins see the record). */
  listed: checkbox,
  /** Involvement on their page: only when the member says so (absent: left as it is). */
  involvementPublic: z.preprocess(
    (value) => (value === undefined ? undefined : value === true || value === "on" || value === "true"),
    z.boolean().optional(),
  ),
  codeforces: handleField(JUDGES[0]),
  vjudge: handleField(JUDGES[1]),
  atcoder: handleField(JUDGES[2]),
  codechef: handleField(JUDGES[3]),
  github: webLinkField("messages.fields.github"),
  linkedin: webLinkField("messages.fields.linkedin"),
  bio: optionalText("messages.fields.bio", 500),
});

export type MemberProfileInput = z.infer<typeof memberProfileInput>;

/**
 * The profile as `GET /api/members/me` answers it holds the judges' handles under `handles`;
 * sent back so, they count as the fields of the same names (a field given beside them wins).
 */
function handlesLifted(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("handles" in body)) return body;
  const { handles, ...rest } = body;
  return typeof handles === "object" && handles !== null && !Array.isArray(handles) ? { ...handles, ...rest } : rest;
}

/** Body of `PUT /api/members/me`: the profile form's fields, or the profile as read. */
export const memberProfileApiInput = z.preprocess(handlesLifted, memberProfileInput);

export const handlesOf = (row: StudentRow): Handles => ({
  codeforces: row.codeforces,
  vjudge: row.vjudge,
  atcoder: row.atcoder,
  codechef: row.codechef,
});

export function toMemberProfile(row: StudentRow): MemberProfile {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    batch: row.batch,
    session: row.session,
    studentId: row.studentNumber,
    email: row.email,
    emailVisible: row.emailVisible,
    listed: !row.hidden,
    involvementPublic: row.involvementPublic,
    photoURL: row.photoURL,
    handles: handlesOf(row),
    github: row.github,
    linkedin: row.linkedin,
    bio: row.bio,
  };
}

/** The profile of this account (the student record linked to it), if it has one. */
export async function findMemberProfile(db: Database, userId: string): Promise<MemberProfile | undefined> {
  const [row] = await db.select().from(students).where(eq(students.userId, userId)).limit(1);
  return row && toMemberProfile(row);
}

export type ProfileSaved = { ok: true; profile: MemberProfile } | { ok: false; status: 404 | 409; errors: FieldErrors };

/** The judge whose handle index a unique violation names, if it is one of them. */
function judgeOfViolation(error: unknown): (typeof JUDGES)[number] | undefined {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { constraint, message, detail } = current as { constraint?: string; message?: string; detail?: string };
    const text = `${constraint ?? ""} ${message ?? ""} ${detail ?? ""}`;
    const judge = JUDGES.find((candidate) => text.includes(`students_${candidate.key}_key`));
    if (judge) return judge;
  }
  return undefined;
}

/**
 * Saves a member's own profile. A handle another member has (on the same judge, whatever its
 * case) is refused with 409 naming the judge: the database's unique index decides, so two
 * members claiming one handle at the same moment can't both get it.
 */
export async function saveMemberProfile(
  db: Database,
  userId: string,
  input: MemberProfileInput,
  actor: Actor,
): Promise<ProfileSaved> {
  const values = {
    name: input.name,
    batch: input.batch ?? null,
    session: input.session || null,
    studentNumber: input.studentId || null,
    photoURL: input.photoURL,
    emailVisible: input.emailVisible,
    hidden: !input.listed,
    ...(input.involvementPublic !== undefined && { involvementPublic: input.involvementPublic }),
    codeforces: input.codeforces || null,
    vjudge: input.vjudge || null,
    atcoder: input.atcoder || null,
    codechef: input.codechef || null,
    github: input.github || null,
    linkedin: input.linkedin || null,
    bio: input.bio ?? "",
  };
  try {
    const before = await findMemberProfile(db, userId);
    const [row] = await db.update(students).set(values).where(eq(students.userId, userId)).returning();
    if (!row || !before) return { ok: false, status: 404, errors: {} };
    const profile = toMemberProfile(row);
    await recordAudit(db, actor, {
      action: "update",
      entity: "students",
      entityId: row.id,
      label: row.name,
      ...changedFields(before, profile),
    });
    // A photo the member uploaded themselves becomes public with their profile.
    await releaseReviewedMedia(db, [row.photoURL], accountUploader(userId));
    return { ok: true, profile };
  } catch (error) {
    const judge = isUniqueViolation(error) ? judgeOfViolation(error) : undefined;
    if (!judge) throw error;
    const key: JudgeKey = judge.key;
    return {
      ok: false,
      status: 409,
      errors: { [key]: messageOf("messages.field.handleTaken", { judge: judge.label }) },
    };
  }
}

/** A student record an admin made with this account's email, not linked to anyone yet. */
export async function findClaimableStudent(db: Database, user: { id: string; email: string }) {
  // One query: none for an account that has a profile already.
  const [row] = await db
    .select({ id: students.id, name: students.name, batch: students.batch, session: students.session })
    .from(students)
    .where(
      and(
        sql`lower(${students.email}) = lower(${user.email})`,
        isNull(students.userId),
        sql`not exists (select 1 from ${students} as own where own.user_id = ${user.id})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Links the record to the account when its email is the account's and nobody has it yet;
 * false otherwise (another person was quicker, or this account already has a profile).
 */
export async function claimStudent(db: Database, user: { id: string; email: string }, studentId: string) {
  if (!UUID_PATTERN.test(studentId)) return false;
  try {
    const rows = await db
      .update(students)
      .set({ userId: user.id })
      .where(
        and(eq(students.id, studentId), isNull(students.userId), sql`lower(${students.email}) = lower(${user.email})`),
      )
      .returning({ id: students.id });
    return rows.length === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A member's public page: their student record by its slug (none for a member who left the Students page). */
export async function findStudentBySlug(db: Database, slug: string): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.slug, slug), eq(students.hidden, false)))
    .limit(1);
  return row;
}

export type AccountLinked = { ok: true } | { ok: false; message: string };

/** The account a student record belongs to, if any (for the admin's Account screen). */
export async function accountOfStudent(db: Database, studentId: string) {
  if (!UUID_PATTERN.test(studentId)) return undefined;
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, studentId))
    .limit(1);
  return row;
}

/** An admin links a student record to the account with this email (one record per account). */
export async function linkAccount(db: Database, studentId: string, email: string): Promise<AccountLinked> {
  if (!UUID_PATTERN.test(studentId)) return { ok: false, message: "This student no longer exists." };
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  if (!account) return { ok: false, message: "No account has this email: the person registers first." };
  const owned = await findMemberProfile(db, account.id);
  if (owned && owned._id !== studentId) {
    return { ok: false, message: `That account already has a member profile: ${owned.name}. Unlink it there first.` };
  }
  try {
    const rows = await db
      .update(students)
      .set({ userId: account.id })
      .where(eq(students.id, studentId))
      .returning({ id: students.id });
    return rows.length ? { ok: true } : { ok: false, message: "This student no longer exists." };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, message: "That account was just linked to another record. Please try again." };
  }
}

/** An admin unlinks the record from its account: the person no longer edits it. */
export async function unlinkAccount(db: Database, studentId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(studentId)) return false;
  const rows = await db
    .update(students)
    .set({ userId: null })
    .where(eq(students.id, studentId))
    .returning({ id: students.id });
  return rows.length === 1;
}
