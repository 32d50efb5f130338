import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { SessionUser } from "./session.server";

/** Who made a write, and from which address: every audited write carries one. */
export interface Actor {
  id: string | null;
  email: string;
  ip: string;
}

export function actorOf(request: Request, user: Pick<SessionUser, "id" | "email">): Actor {
  return { id: user.id, email: user.email, ip: request.headers.get(CLIENT_IP_HEADER) ?? "" };
}

/** The verbs of the audit log; the dashboard filters by them. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "approve",
  "reject",
  "import",
  "publish",
  "role-change",
  "settings-change",
  "token-create",
  "token-revoke",
  "sign-in-failed",
  "backup",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  /** The kind of thing written: a collection key ("notices"), "users", "settings", "api-tokens"… */
  entity: string;
  entityId?: string;
  /** What the thing is called, so the log reads without looking it up. */
  label?: string;
  /** The record before the write (updates, deletes) and after it (creates, updates). */
  before?: unknown;
  after?: unknown;
}

/** Adds one entry to the audit log (in the caller's transaction when `db` is one). */
export async function recordAudit(db: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? "",
    label: entry.label ?? "",
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The fields an update changed, as `{ before, after }` holding only those fields. */
export function changedFields(before: object, after: object): { before: object; after: object } {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was: unknown = Reflect.get(before, key);
    const is: unknown = Reflect.get(after, key);
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    old[key] = was;
    now[key] = is;
  }
  return { before: old, after: now };
}
