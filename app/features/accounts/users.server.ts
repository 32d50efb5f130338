import { and, asc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { type Actor, recordAudit } from "~/core/audit.server";
import { type AdminPageRequest, countRows, EXPORT_MAX_ROWS, searchCondition } from "~/core/crud.server";
import { fieldMessage, requiredText } from "~/core/fields";
import { isRole, ROLES, type Role, roleChangeQuestionText, roleLabels, roleOf, roleSelector } from "~/core/roles";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import type { MessageKey } from "~/i18n/catalogs";
import type { Locale } from "~/i18n/locales";
import { type FieldLabel, type Message, messageOf, schemaMessage } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import type { ServerTranslate } from "~/i18n/translate.server";
import type { ActionResult, Feedback } from "~/lib/form-actions";
import { parseForm } from "~/lib/form-actions.server";
import { type Page, readPage } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE } from "~/lib/table-query";
import { ADMIN_ROLE, type ApiUser, DISPLAY_NAME_MAX, type RoleChangeIntent } from "./users";

// Input schemas live here, not in users.ts: the users table imports that module in the
// browser, and zod would come along.
const email = z
  .string({ error: fieldMessage("messages.field.required", "messages.fields.email") })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: schemaMessage("messages.users.validEmail") }));

/** The retyped password differs: the register and password forms refuse with it. */
const PASSWORD_MISMATCH = schemaMessage("accounts.register.passwordMismatch");

export const displayNameSchema = requiredText("messages.fields.displayName", DISPLAY_NAME_MAX);

/** Body of POST and PUT /api/user. */
export const userRecordInput = z.object({ email, displayName: displayNameSchema });

/** Body of POST /api/users/make-admin and /api/users/revoke-admin. */
export const roleChangeInput = z.object({ email });

/** Any text for a password: its rules are better-auth's and the password policy's, checked there. */
const passwordText = (label: FieldLabel) =>
  z
    .string({ error: fieldMessage("messages.field.required", label) })
    .min(1, fieldMessage("messages.field.required", label));

/** The register form: better-auth checks the address and the password; here, the name and the retyped password. */
export const registerInput = z
  .object({ name: displayNameSchema, email: z.string(), password: z.string(), passwordRetype: z.string() })
  .refine((input) => input.password === input.passwordRetype, {
    path: ["passwordRetype"],
    error: PASSWORD_MISMATCH,
  });

export const loginInput = z.object({ email: z.string(), password: z.string() });

/** The profile page's two forms; `intent` says which one answered. */
export const renameInput = z.object({ intent: z.literal("name"), displayName: displayNameSchema });
export const passwordChangeInput = z
  .object({
    intent: z.literal("password"),
    currentPassword: passwordText("messages.fields.currentPassword"),
    newPassword: passwordText("messages.fields.newPassword"),
    newPasswordRetype: z.string(),
  })
  .refine((input) => input.newPassword === input.newPasswordRetype, {
    path: ["newPasswordRetype"],
    error: PASSWORD_MISMATCH,
  });

/** The role a demoted admin gets back: the admin plugin's default, shown as General. */
const GENERAL_ROLE = "user";

const notAdmin = or(isNull(users.role), ne(users.role, ADMIN_ROLE));

type UserRow = Pick<typeof users.$inferSelect, "id" | "name" | "email" | "role">;

const apiColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

export function toApiUser(row: UserRow): ApiUser {
  const record: ApiUser = { _id: row.id, displayName: row.name, email: row.email };
  const role = roleOf(row.role);
  if (role) record.role = role;
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

/** An admin, editor or check-in account: signing in takes them to the dashboard. */
export async function hasStaffRole(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return isRole(row?.role);
}

/** Returns the modified count, as the JSON API reports it. */
export interface RoleChangeResult {
  modifiedCount: 0 | 1;
  /** Why nothing changed (spec: shown to the admin as information). */
  message?: string;
}

const LAST_ADMIN = messageOf("messages.users.lastAdmin");

export class LastAdminError extends Error {
  constructor() {
    super(sayMessage(LAST_ADMIN, "en"));
  }
}

const ALREADY_KEYS: Record<Role | "general", MessageKey> = {
  admin: "messages.users.alreadyAdmin",
  editor: "messages.users.alreadyEditor",
  "check-in": "messages.users.alreadyCheckIn",
  general: "messages.users.alreadyGeneral",
};

/** A change with nothing to do, and why: the dashboard says it in the reader's language, the API and the command line in English. */
type RoleUnchanged = { modifiedCount: 0; why: Message };

type RoleChanged = { modifiedCount: 1; userId: string; previous: Role | null } | RoleUnchanged;

const unchanged = (result: RoleUnchanged): RoleChangeResult => ({
  modifiedCount: 0,
  message: sayMessage(result.why, "en"),
});

/**
 * Gives the account at `email` a role (null: General). `onlyFrom`: change only an account that
 * has that role now (revoking admin). Locks every admin row first, so two admins demoting each
 * other at the same moment cannot both succeed and leave the site without an admin.
 */
export async function setRole(
  db: Database,
  email: string,
  role: Role | null,
  onlyFrom?: typeof ADMIN_ROLE,
): Promise<RoleChanged> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, ADMIN_ROLE)).for("update");
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, normalized));
    if (!target) return { modifiedCount: 0, why: messageOf("messages.users.noAccount", { email: normalized }) };
    const previous = roleOf(target.role);
    if (onlyFrom && previous !== onlyFrom) {
      return { modifiedCount: 0, why: messageOf("messages.users.notAdmin", { email: normalized }) };
    }
    if (previous === role) {
      return { modifiedCount: 0, why: messageOf(ALREADY_KEYS[role ?? "general"], { email: normalized }) };
    }
    if (previous === ADMIN_ROLE && admins.length === 1) throw new LastAdminError();
    await tx
      .update(users)
      .set({ role: role ?? GENERAL_ROLE, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    return { modifiedCount: 1, userId: target.id, previous };
  });
}

export async function promoteToAdmin(db: Database, email: string): Promise<RoleChangeResult> {
  const result = await setRole(db, email, ADMIN_ROLE);
  return "userId" in result ? { modifiedCount: 1 } : unchanged(result);
}

export async function revokeAdmin(db: Database, email: string): Promise<RoleChangeResult> {
  const result = await setRole(db, email, null, ADMIN_ROLE);
  return "userId" in result ? { modifiedCount: 1 } : unchanged(result);
}

/**
 * ADMIN_EMAILS: a listed address is made admin whenever it gets a session (registration,
 * password or Google sign-in) or is verified, once it is proved: whoever registers a listed
 * address first gets nothing from it without its mailbox. Returns what the sign-in hooks need
 * to know about the user.
 */
export async function promoteListedAdmin(db: Database, userId: string, adminEmails: string[]) {
  if (adminEmails.length > 0) {
    await db
      .update(users)
      .set({ role: ADMIN_ROLE })
      .where(and(eq(users.id, userId), inArray(users.email, adminEmails), eq(users.emailVerified, true), notAdmin));
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

/** What a role change asks for: the role it gives, and (revoking admin) the role it takes away. */
export interface RoleChange {
  email: string;
  role: Role | null;
  onlyFrom?: typeof ADMIN_ROLE;
}

export function roleChangeOf(intent: RoleChangeIntent, email: string, role: Role | null = null): RoleChange {
  if (intent === "make-admin") return { email, role: ADMIN_ROLE };
  if (intent === "revoke-admin") return { email, role: null, onlyFrom: ADMIN_ROLE };
  return { email, role };
}

/** A role change as every caller answers it: the API's status and body (English), the dashboard's message. */
export interface RoleChangeAnswer {
  status: 200 | 409;
  body: RoleChangeResult | { message: string };
  feedback: { tone: Feedback["tone"]; message: Message };
}

/**
 * The one place a role changes on request (the users table, the make-admin page and the JSON
 * API call it): the last admin stays admin (409), a change with nothing to do says why, and a
 * change is written to the audit log.
 */
export async function changeRole(db: Database, change: RoleChange, actor: Actor): Promise<RoleChangeAnswer> {
  let result: RoleChanged;
  try {
    result = await setRole(db, change.email, change.role, change.onlyFrom);
  } catch (error) {
    if (!(error instanceof LastAdminError)) throw error;
    return { status: 409, body: { message: error.message }, feedback: { tone: "error", message: LAST_ADMIN } };
  }
  if (!("userId" in result)) {
    return { status: 200, body: unchanged(result), feedback: { tone: "info", message: result.why } };
  }
  await recordAudit(db, actor, {
    action: "role-change",
    entity: "users",
    entityId: result.userId,
    label: change.email.trim().toLowerCase(),
    before: { role: roleLabels[result.previous ?? "general"] },
    after: { role: roleLabels[change.role ?? "general"] },
  });
  return {
    status: 200,
    body: { modifiedCount: 1 },
    feedback: { tone: "success", message: roleChangedMessage(change) },
  };
}

function roleChangedMessage(change: RoleChange): Message {
  if (change.role === ADMIN_ROLE) return messageOf("dashboard.users.madeAdmin");
  if (change.onlyFrom === ADMIN_ROLE) return messageOf("dashboard.users.revokedAdmin");
  return messageOf("dashboard.users.roleChanged", {
    email: change.email,
    role: roleSelector(change.role ?? "general"),
  });
}

const setRoleInput = z.object({
  email,
  role: z.enum([...ROLES, "general"], { error: schemaMessage("messages.users.chooseRole") }),
});

/**
 * The role a form or the API names: "general" is no role. Left out, as a user record without a
 * role reads (`GET /api/users/{email}`), it is no role too, so that record can be sent back.
 */
export const roleInput = z.object({ role: setRoleInput.shape.role.default("general") });

export const toRole = (value: Role | "general"): Role | null => (value === "general" ? null : value);

/** Make Admin and Revoke name no role: the form is read as one that does. */
function withRole(form: FormData, role: string): FormData {
  const copy = new FormData();
  for (const [name, value] of form) copy.append(name, value);
  copy.set("role", role);
  return copy;
}

/** A role change a dashboard form asks for (the users table's buttons and role menu, the make-admin page). */
export interface RoleChangeForm {
  intent: RoleChangeIntent;
  email: string;
  role: Role | null;
}

/** A role-change form's fields checked: the account's address, and the role `set-role` names. */
export function readRoleChangeForm(form: FormData, intent: RoleChangeIntent, locale: Locale) {
  const parsed = parseForm(setRoleInput, intent === "set-role" ? form : withRole(form, "general"), locale);
  if (!parsed.ok) return parsed;
  const change: RoleChangeForm = { intent, email: parsed.data.email, role: toRole(parsed.data.role) };
  return { ok: true as const, data: change, values: parsed.values };
}

/** The Yes a role change asks first (a dialog, or a second step without JavaScript), with what a Yes sends again. */
export function roleChangeQuestion(t: ServerTranslate, { intent, email, role }: RoleChangeForm) {
  const hidden: Record<string, string> = {
    intent,
    email,
    ...(intent === "set-role" ? { role: role ?? "general" } : {}),
  };
  return { ...roleChangeQuestionText(t, intent, email, role), hidden };
}

/** The confirmed role change made (`changeRole`), answered in the reader's language. */
export async function answerRoleChange(
  db: Database,
  { intent, email, role }: RoleChangeForm,
  actor: Actor,
  locale: Locale,
) {
  const { feedback, status } = await changeRole(db, roleChangeOf(intent, email, role), actor);
  return data<ActionResult>(
    { tone: feedback.tone, message: sayMessage(feedback.message, locale), saved: status === 200 },
    status,
  );
}
