import { and, asc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { Logger } from "pino";
import { data } from "react-router";
import { z } from "zod";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import type { ActionResult, Feedback } from "~/lib/form-actions";
import { answerSafely, confirmation, parseForm } from "~/lib/form-actions.server";
import { type Page, readPage } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE } from "~/lib/table-query";
import { type AdminPageRequest, countRows, EXPORT_MAX_ROWS, searchCondition } from "./crud.server";
import { requiredText } from "./fields";
import { ADMIN_ROLE, type ApiUser, DISPLAY_NAME_MAX, roleChangeQuestion } from "./users";

// Input schemas live here, not in users.ts: the users table imports that module in the
// browser, and zod would come along.
const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const displayNameSchema = requiredText("Display name", DISPLAY_NAME_MAX);

/** Body of POST and PUT /api/user. */
export const userRecordInput = z.object({ email, displayName: displayNameSchema });

/** Body of POST /api/users/make-admin and /api/users/revoke-admin. */
export const roleChangeInput = z.object({ email });

/** Any text for a password: its rules are better-auth's and the password policy's, checked there. */
const passwordText = (label: string) => z.string({ error: `${label} is required` }).min(1, `${label} is required`);

/** The register form: better-auth checks the address and the password; here, the name and the retyped password. */
export const registerInput = z
  .object({ name: displayNameSchema, email: z.string(), password: z.string(), passwordRetype: z.string() })
  .refine((input) => input.password === input.passwordRetype, {
    path: ["passwordRetype"],
    error: accountTexts.passwordMismatch,
  });

export const loginInput = z.object({ email: z.string(), password: z.string() });

/** The profile page's two forms; `intent` says which one answered. */
export const renameInput = z.object({ intent: z.literal("name"), displayName: displayNameSchema });
export const passwordChangeInput = z
  .object({
    intent: z.literal("password"),
    currentPassword: passwordText("Current password"),
    newPassword: passwordText("New password"),
    newPasswordRetype: z.string(),
  })
  .refine((input) => input.newPassword === input.newPasswordRetype, {
    path: ["newPasswordRetype"],
    error: accountTexts.passwordMismatch,
  });

/** The role a demoted admin gets back: the admin plugin's default, shown as General. */
const GENERAL_ROLE = "user";

const notAdmin = or(isNull(users.role), ne(users.role, ADMIN_ROLE));

type UserRow = Pick<typeof users.$inferSelect, "id" | "name" | "email" | "role">;

const apiColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

export function toApiUser(row: UserRow): ApiUser {
  const record: ApiUser = { _id: row.id, displayName: row.name, email: row.email };
  if (row.role === ADMIN_ROLE) record.role = ADMIN_ROLE;
  return record;
}

/** Oldest account first: the order of the users_created_idx index. */
const byAge = [asc(users.createdAt), asc(users.email)] as const;

export async function listUsers(db: Database): Promise<ApiUser[]> {
  const rows = await db
    .select(apiColumns)
    .from(users)
    .orderBy(...byAge);
  return rows.map(toApiUser);
}

/** One page of the dashboard's users table, narrowed by a search in names and emails. */
export async function listUserPage(db: Database, { q, page }: AdminPageRequest): Promise<Page<ApiUser>> {
  const where = searchCondition([users.name, users.email], q);
  return readPage({ page, pageSize: ADMIN_PAGE_SIZE }, await countRows(db, users, where), async (limit, offset) => {
    const rows = await db
      .select(apiColumns)
      .from(users)
      .where(where)
      .orderBy(...byAge)
      .limit(limit)
      .offset(offset);
    return rows.map(toApiUser);
  });
}

/** Every account of the users table's current search, oldest first, for a CSV export. */
export async function listUserView(db: Database, q: string): Promise<ApiUser[]> {
  const rows = await db
    .select(apiColumns)
    .from(users)
    .where(searchCondition([users.name, users.email], q))
    .orderBy(...byAge)
    .limit(EXPORT_MAX_ROWS);
  return rows.map(toApiUser);
}

export async function findUserByEmail(db: Database, email: string): Promise<ApiUser | null> {
  const [row] = await db.select(apiColumns).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ? toApiUser(row) : null;
}

export async function isAdminUser(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === ADMIN_ROLE;
}

/** Returns the modified count, as the JSON API reports it. */
export interface RoleChangeResult {
  modifiedCount: 0 | 1;
  /** Why nothing changed (spec: shown to the admin as information). */
  message?: string;
}

export class LastAdminError extends Error {
  constructor() {
    super("The last admin cannot be demoted. Make someone else admin first.");
  }
}

async function unknownOrUnchanged(db: Database, email: string, unchanged: string): Promise<RoleChangeResult> {
  const exists = await findUserByEmail(db, email);
  return { modifiedCount: 0, message: exists ? unchanged : `No account uses ${email}.` };
}

export async function promoteToAdmin(db: Database, email: string): Promise<RoleChangeResult> {
  const normalized = email.trim().toLowerCase();
  const rows = await db
    .update(users)
    .set({ role: ADMIN_ROLE, updatedAt: new Date() })
    .where(and(eq(users.email, normalized), notAdmin))
    .returning({ id: users.id });
  if (rows.length === 1) return { modifiedCount: 1 };
  return unknownOrUnchanged(db, normalized, `${normalized} is already an admin.`);
}

/**
 * Locks every admin row first, so two admins demoting each other at the same moment
 * cannot both succeed and leave the site without an admin.
 */
export async function revokeAdmin(db: Database, email: string): Promise<RoleChangeResult> {
  const normalized = email.trim().toLowerCase();
  const result = await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, ADMIN_ROLE))
      .for("update");
    const target = admins.find((row) => row.email === normalized);
    if (!target) return null;
    if (admins.length === 1) throw new LastAdminError();
    await tx.update(users).set({ role: GENERAL_ROLE, updatedAt: new Date() }).where(eq(users.id, target.id));
    return { modifiedCount: 1 } as const;
  });
  return result ?? unknownOrUnchanged(db, normalized, `${normalized} is not an admin.`);
}

/**
 * ADMIN_EMAILS: a listed address is made admin whenever it gets a session (registration,
 * password or Google sign-in). Returns what the sign-in hooks need to know about the user.
 */
export async function promoteListedAdmin(db: Database, userId: string, adminEmails: string[]) {
  if (adminEmails.length > 0) {
    await db
      .update(users)
      .set({ role: ADMIN_ROLE })
      .where(and(eq(users.id, userId), inArray(users.email, adminEmails), notAdmin));
  }
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** OIDC_ALLOWED_DOMAIN: only a verified address of that domain may sign in through the provider. */
export function emailDomainAllowed(user: { email: string; emailVerified: boolean }, domain: string): boolean {
  return user.emailVerified && user.email.toLowerCase().endsWith(`@${domain}`);
}

export type RoleChangeIntent = "make-admin" | "revoke-admin";

/** A role change as every caller answers it: the API's status and body, the dashboard's message. */
export interface RoleChangeAnswer {
  status: 200 | 409;
  body: RoleChangeResult | { message: string };
  feedback: Feedback;
}

/**
 * The one place a role changes on request (the users table, the make-admin page and the JSON
 * API call it): the last admin stays admin (409), and a change with nothing to do says why.
 */
export async function changeRole(db: Database, intent: RoleChangeIntent, email: string): Promise<RoleChangeAnswer> {
  let result: RoleChangeResult;
  try {
    result = intent === "make-admin" ? await promoteToAdmin(db, email) : await revokeAdmin(db, email);
  } catch (error) {
    if (!(error instanceof LastAdminError)) throw error;
    return { status: 409, body: { message: error.message }, feedback: { tone: "error", message: error.message } };
  }
  const changed = intent === "make-admin" ? dashboardTexts.makeAdminSuccess : dashboardTexts.revokeSuccess;
  const feedback: Feedback = result.modifiedCount
    ? { tone: "success", message: changed }
    : { tone: "info", message: result.message ?? "" };
  return { status: 200, body: result, feedback };
}

/**
 * A role change posted from a dashboard form (the users table's buttons, the make-admin page):
 * the address checked, the question asked (a dialog, or a second step without JavaScript),
 * then `changeRole`.
 */
export async function answerRoleChangeForm(
  app: { db: Database; log: Logger },
  form: FormData,
  intent: RoleChangeIntent,
) {
  const parsed = parseForm(roleChangeInput, form);
  if (!parsed.ok) return parsed.answer;
  const { email } = parsed.data;
  const question = { ...roleChangeQuestion(intent, email), hidden: { intent, email } };
  const unconfirmed = confirmation(form, question, dashboardTexts.notSaved, parsed.values);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, "change the role", async () => {
    const answer = await changeRole(app.db, intent, email);
    return data<ActionResult>({ ...answer.feedback, saved: answer.status === 200 }, answer.status);
  });
}
