import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import type { Auth } from "~/lib/auth.server";
import type { Page } from "~/lib/pagination";
import { type AdminPageRequest, adminTablePage, countRows, searchCondition } from "./crud.server";
import { requiredText } from "./fields";
import { ADMIN_ROLE, type ApiUser, DISPLAY_NAME_MAX } from "./users";

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
  return adminTablePage(page, await countRows(db, users, where), async (limit, offset) => {
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

export const DEMO_ADMIN_EMAIL = "admin@example.org";

/**
 * With the demo content comes one admin to try the dashboard with. Its password is random
 * and shown once (in the start-up log); there is no default password anywhere.
 */
export async function createDemoAdmin({ auth, db }: { auth: Auth; db: Database }) {
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return null;
  const password = crypto.randomBytes(12).toString("base64url");
  await auth.api.signUpEmail({ body: { name: "Demo Admin", email: DEMO_ADMIN_EMAIL, password } });
  await promoteToAdmin(db, DEMO_ADMIN_EMAIL);
  return { email: DEMO_ADMIN_EMAIL, password };
}
