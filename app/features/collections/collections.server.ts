import type { z } from "zod";
import type { AuditAction } from "~/core/audit";
import { type Actor, changedFields, recordAudit } from "~/core/audit.server";
import type { Collection } from "~/core/collection";
import type { CollectionStore } from "~/core/crud.server";
import type { Database } from "~/db/client.server";
import { eventInput, eventRecord } from "~/features/events/events";
import { eventStore } from "~/features/events/events.server";
import { studentInput, studentRecord } from "~/features/members/students";
import { studentStore } from "~/features/members/students.server";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import type { Page } from "~/lib/pagination";
import type { TableQuery } from "~/lib/table-query";
import { type CollectionKey, collections } from "./collections";
import { executiveInput, executiveRecord } from "./executives";
import { executiveStore } from "./executives.server";
import { noticeInput, noticeRecord } from "./notices";
import { noticeStore } from "./notices.server";
import { recentEventInput, recentEventRecord } from "./recent-events";
import { recentEventStore } from "./recent-events.server";
import { resultInput, resultRecord } from "./results";
import { resultStore } from "./results.server";
import { teacherInput, teacherRecord } from "./teachers";
import { teacherStore } from "./teachers.server";

type Row = { _id: string };
export type Written = { ok: true; id: string; message: string } | { ok: false; errors: FieldErrors };

/**
 * A collection's server side, the same for the dashboard's forms, the JSON API and the public
 * forms: every write takes the body as sent (form values or JSON) and checks it with the
 * collection's input schema itself, so no caller holds a value of the wrong collection's type.
 */
export interface CollectionService<R extends Row = Row> {
  readonly collection: Collection;
  /** The API's contract (openapi.server.ts): what a write takes, and what a read answers with. */
  readonly inputSchema: z.ZodObject;
  readonly recordSchema: z.ZodType<R>;
  /**
   * Every write names who makes it, for the audit log; `null` is no one signed in (a visitor's
   * public form, the demo seed).
   * `extra` sets columns the input has no say over (a submission's `status`).
   */
  create(db: Database, body: unknown, actor: Actor | null, extra?: Record<string, unknown>): Promise<Written>;
  /** `missing` when no row has this id. */
  update(db: Database, id: string, body: unknown, actor: Actor | null): Promise<Written | "missing">;
  remove(db: Database, id: string, actor: Actor | null): Promise<number>;
  removeMany(db: Database, ids: readonly string[], actor: Actor | null): Promise<number>;
  get(db: Database, id: string): Promise<R | undefined>;
  listPage(db: Database, query: TableQuery): Promise<Page<R>>;
  listAll(db: Database, query: TableQuery): Promise<R[]>;
  filterOptions(db: Database): Promise<Record<string, string[]>>;
}

function serve<Shape extends z.ZodRawShape, R extends Row>(
  collection: Collection<R, z.output<z.ZodObject<Shape>>>,
  inputSchema: z.ZodObject<Shape>,
  recordSchema: z.ZodType<R>,
  store: CollectionStore<z.output<z.ZodObject<Shape>>, R>,
): CollectionService<R> {
  const parse = (body: unknown) => {
    const parsed = inputSchema.safeParse(body);
    return parsed.success
      ? { ok: true as const, input: parsed.data }
      : { ok: false as const, errors: fieldErrors(parsed.error) };
  };
  // Not one transaction with the write: the stores retry a slug clash, which would abort it.
  const audit = async (db: Database, actor: Actor | null, action: AuditAction, before?: R, after?: R) => {
    const row = after ?? before;
    if (!actor || !row) return;
    const changes = before && after ? changedFields(before, after) : { before, after };
    await recordAudit(db, actor, {
      action,
      entity: collection.key,
      entityId: row._id,
      label: collection.rowName(row),
      ...changes,
    });
  };
  const removeOne = async (db: Database, id: string, actor: Actor | null) => {
    const before = await store.get(db, id);
    const count = await store.remove(db, id);
    if (count) await audit(db, actor, "delete", before);
    return count;
  };
  return {
    collection,
    inputSchema,
    recordSchema,
    async create(db, body, actor, extra) {
      const parsed = parse(body);
      if (!parsed.ok) return parsed;
      const id = await store.create(db, parsed.input, extra);
      await audit(db, actor, "create", undefined, await store.get(db, id));
      return { ok: true, id, message: collection.texts.added(parsed.input) };
    },
    async update(db, id, body, actor) {
      const before = await store.get(db, id);
      if (!before) return "missing";
      const parsed = parse(withoutKeptStatus(inputSchema, body, before));
      if (!parsed.ok) return parsed;
      if (!(await store.update(db, id, parsed.input))) return "missing";
      await audit(db, actor, "update", before, await store.get(db, id));
      return { ok: true, id, message: collection.texts.updated(parsed.input) };
    },
    remove: removeOne,
    async removeMany(db, ids, actor) {
      let count = 0;
      for (const id of new Set(ids)) count += await removeOne(db, id, actor);
      return count;
    },
    get: (db, id) => store.get(db, id),
    listPage: (db, query) => store.listPage(db, query),
    listAll: (db, query) => store.listAll(db, query),
    filterOptions: (db) => store.filterOptions(db),
  };
}

/**
 * A record sent back as it was read may carry a status no write can choose (`pending`: only a
 * review decides it); unchanged, it means "leave the status as it is", as leaving it out does.
 */
function withoutKeptStatus(inputSchema: z.ZodObject, body: unknown, before: object): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("status" in body)) return body;
  const { status, ...rest } = body;
  const kept = "status" in before && status === before.status;
  return kept && !inputSchema.shape.status?.safeParse(status).success ? rest : body;
}

/** The server side of every collection of collections.ts. */
export const collectionServices: Record<CollectionKey, CollectionService> = {
  events: serve(collections.events, eventInput, eventRecord(), eventStore),
  notices: serve(collections.notices, noticeInput, noticeRecord(), noticeStore),
  students: serve(collections.students, studentInput, studentRecord(), studentStore),
  teachers: serve(collections.teachers, teacherInput, teacherRecord(), teacherStore),
  executives: serve(collections.executives, executiveInput, executiveRecord(), executiveStore),
  results: serve(collections.results, resultInput, resultRecord(), resultStore),
  "recent-events": serve(collections["recent-events"], recentEventInput, recentEventRecord(), recentEventStore),
};

const servicesByCollection = new Map(Object.values(collectionServices).map((service) => [service.collection, service]));

export function serviceOf(collection: Collection): CollectionService {
  const service = servicesByCollection.get(collection);
  if (!service) throw new Error(`No service for the collection ${collection.key}`);
  return service;
}
