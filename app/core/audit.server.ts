import { and, asc, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { FieldLabel } from "~/i18n/message";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import { type Page, readPage } from "~/lib/pagination";
import { zonedInstant } from "~/lib/zoned-time";
import { AUDIT_ACTIONS, type AuditAction } from "./audit";
import { countRows, EXPORT_MAX_ROWS, likePattern } from "./crud.server";
import { fieldMessage } from "./fields";

/** Who made a write, and from which address: every audited write carries one. */
export interface Actor {
  id: string | null;
  email: string;
  ip: string;
}

export function actorOf(request: Request, user: { id: string; email: string }): Actor {
  return { id: user.id, email: user.email, ip: request.headers.get(CLIENT_IP_HEADER) ?? "" };
}

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
  await recordAudits(db, [{ actor, entry }]);
}

/** Adds several entries in one statement (a batch of registrations). */
export async function recordAudits(db: Database, writes: { actor: Actor; entry: AuditEntry }[]): Promise<void> {
  if (writes.length === 0) return;
  await db.insert(auditLog).values(
    writes.map(({ actor, entry }) => ({
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? "",
      label: entry.label ?? "",
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
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

const isoDate = (label: FieldLabel) => z.iso.date({ error: fieldMessage("messages.audit.date", label) });

/** The dashboard's and the API's filters; each narrows the log, none shows everything. */
export const auditFilterInput = z.object({
  person: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, { error: fieldMessage("messages.audit.tooLong", "messages.fields.person", { max: 200 }) })
    .optional(),
  entity: z
    .string()
    .trim()
    .max(100, { error: fieldMessage("messages.audit.tooLong", "messages.fields.entity", { max: 100 }) })
    .optional(),
  action: z
    .enum(AUDIT_ACTIONS, {
      error: fieldMessage("messages.audit.oneOf", "messages.fields.action", { choices: AUDIT_ACTIONS.join(", ") }),
    })
    .optional(),
  from: isoDate("messages.fields.from").optional(),
  to: isoDate("messages.fields.to").optional(),
  page: z.coerce
    .number({ error: fieldMessage("messages.audit.number", "messages.fields.page") })
    .int()
    .min(1)
    .max(1_000_000)
    .default(1),
});

export type AuditFilter = z.infer<typeof auditFilterInput>;

/** The filters of a query string; a field that can't be read is left out and named in `errors`. */
export function auditFilterOf(searchParams: URLSearchParams): { filter: AuditFilter; errors: FieldErrors } {
  const present = Object.fromEntries([...searchParams].filter(([, value]) => value !== ""));
  const parsed = auditFilterInput.safeParse(present);
  if (parsed.success) return { filter: parsed.data, errors: {} };
  const errors = fieldErrors(parsed.error);
  const valid = Object.fromEntries(Object.entries(present).filter(([name]) => !(name in errors)));
  return { filter: auditFilterInput.parse(valid), errors };
}

export interface AuditRecord {
  id: number;
  at: string;
  actorEmail: string;
  ip: string;
  action: string;
  entity: string;
  entityId: string;
  label: string;
  before: unknown;
  after: unknown;
}

export const AUDIT_PAGE_SIZE = 50;

function auditWhere(filter: AuditFilter, timeZone: string): SQL | undefined {
  return and(
    filter.person ? ilike(auditLog.actorEmail, likePattern(filter.person)) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.at, startOfDay(filter.from, timeZone)) : undefined,
    filter.to ? lt(auditLog.at, startOfDay(nextDay(filter.to), timeZone)) : undefined,
  );
}

const startOfDay = (date: string, timeZone: string) => zonedInstant(date, "00:00", timeZone) ?? new Date(date);

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const toRecord = (row: typeof auditLog.$inferSelect): AuditRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  actorEmail: row.actorEmail,
  ip: row.ip,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  label: row.label,
  before: row.before,
  after: row.after,
});

/** One page of the log, newest first. */
export async function listAuditPage(db: Database, filter: AuditFilter, timeZone: string): Promise<Page<AuditRecord>> {
  const where = auditWhere(filter, timeZone);
  const total = await countRows(db, auditLog, where);
  return readPage({ page: filter.page, pageSize: AUDIT_PAGE_SIZE }, total, async (limit, offset) => {
    const rows = await db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
    return rows.map(toRecord);
  });
}

/** Every entry of the filtered view (up to EXPORT_MAX_ROWS), newest first, for the CSV. */
export async function listAuditView(db: Database, filter: AuditFilter, timeZone: string): Promise<AuditRecord[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(filter, timeZone))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(toRecord);
}

/** The entities the log holds, for the filter's choices. */
export async function auditEntities(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
  return rows.map((row) => row.entity);
}

export const PRUNE_AUDIT_JOB = "prune-audit-log";

/** Removes the entries older than `days`; returns how many went. */
export async function pruneAuditLog(db: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const removed = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return removed.length;
}
