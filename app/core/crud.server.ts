import { and, asc, count, desc, eq, ilike, inArray, like, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { type Page, readPage } from "~/lib/pagination";
import { SLUG_MAX_LENGTH, slugify, uniqueSlug } from "~/lib/slug";
import { ADMIN_PAGE_SIZE, sortParts, type TableQuery } from "~/lib/table-query";
import { UUID_PATTERN } from "./ids";

export interface AdminPageRequest {
  q: string;
  page: number;
}

/** The most rows a CSV export holds (a club's tables are far smaller; the bench's has 50,000). */
export const EXPORT_MAX_ROWS = 100_000;

/** A filter of a dashboard table: the column it narrows and the values it offers. */
export interface StoreFilter {
  column: PgColumn;
  options(db: Database): Promise<string[]>;
}

/** The create / read / update / delete functions of one managed table, in API shape. */
export interface CollectionStore<Input = unknown, Row extends { _id: string } = { _id: string }> {
  /** Returns the new row's id; `extra` sets columns the input has no say over (status). */
  create(db: Database, input: Input, extra?: Record<string, unknown>): Promise<string>;
  /** 1 when the row exists (and was written), else 0. */
  update(db: Database, id: string, input: Input): Promise<number>;
  remove(db: Database, id: string): Promise<number>;
  /** How many of these rows there were (and are now gone). */
  removeMany(db: Database, ids: readonly string[]): Promise<number>;
  get(db: Database, id: string): Promise<Row | undefined>;
  /** One page of the dashboard table, newest first unless sorted, narrowed by a search and filters. */
  listPage(db: Database, query: TableQuery): Promise<Page<Row>>;
  /** Every row of the same view (up to EXPORT_MAX_ROWS), for a CSV export. */
  listAll(db: Database, query: TableQuery): Promise<Row[]>;
  /** The values each filter offers (`{ batch: ["1", "2"] }`). */
  filterOptions(db: Database): Promise<Record<string, string[]>>;
}

type AnyTable = PgTable & { id: PgColumn };

interface StoreDefinition<Input, Row, Table extends AnyTable> {
  table: Table;
  toApi(row: Table["$inferSelect"]): Row;
  /** The columns to write; `id` is the row being edited (undefined on create). */
  toValues(db: Database, input: Input, id?: string): Promise<Table["$inferInsert"]> | Table["$inferInsert"];
  /** Columns the search box looks in (case-insensitive substring). */
  searchColumns: PgColumn[];
  orderBy: SQL[];
  /** Columns a table header can sort by, by their key in the collection's columns (indexed). */
  sorts?: Record<string, PgColumn>;
  filters?: Record<string, StoreFilter>;
  /** Rows the dashboard table shows (e.g. only published ones; pending ones wait in the review queue). */
  listScope?: SQL;
  /** The unsearched table's size from something cheaper than counting it (trigger-kept counts). */
  countAll?(db: Database): Promise<number>;
}

/** `%` and `_` typed into the search box are looked for literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const isId = (id: string) => UUID_PATTERN.test(id);
const isInt32 = (value: number) => Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1;

export function defineStore<Input, Row extends { _id: string }, Table extends AnyTable>(
  definition: StoreDefinition<Input, Row, Table>,
): CollectionStore<Input, Row> {
  const { table, toApi, toValues, searchColumns, orderBy, listScope, countAll, sorts = {}, filters = {} } = definition;
  // Drizzle's generic table types do not carry through a helper like this; the
  // definition's own types (toApi, toValues) are what keep each store honest.
  const t = table as AnyTable;

  return {
    async create(db, input, extra = {}) {
      const values = { ...(await toValues(db, input)), ...extra };
      const [row] = await db
        .insert(t)
        .values(values as never)
        .returning({ id: t.id });
      return String(row?.id);
    },
    async update(db, id, input) {
      if (!isId(id)) return 0;
      const values = await toValues(db, input, id);
      const rows = await db
        .update(t)
        .set(values as never)
        .where(eq(t.id, id))
        .returning({ id: t.id });
      return rows.length;
    },
    async remove(db, id) {
      if (!isId(id)) return 0;
      const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return rows.length;
    },
    async get(db, id) {
      if (!isId(id)) return undefined;
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      return row && toApi(row as Table["$inferSelect"]);
    },
    async removeMany(db, ids) {
      const valid = ids.filter(isId);
      if (valid.length === 0) return 0;
      const rows = await db.delete(t).where(inArray(t.id, valid)).returning({ id: t.id });
      return rows.length;
    },
    async listPage(db, query) {
      const narrowed = narrowing(query);
      const where = and(listScope, narrowed);
      const total = !narrowed && countAll ? await countAll(db) : await countRows(db, t, where);
      return readPage({ page: query.page, pageSize: ADMIN_PAGE_SIZE }, total, async (limit, offset) => {
        const rows = await db
          .select()
          .from(t)
          .where(where)
          .orderBy(...ordering(query.sort))
          .limit(limit)
          .offset(offset);
        return rows.map((row) => toApi(row as Table["$inferSelect"]));
      });
    },
    async listAll(db, query) {
      const rows = await db
        .select()
        .from(t)
        .where(and(listScope, narrowing(query)))
        .orderBy(...ordering(query.sort))
        .limit(EXPORT_MAX_ROWS);
      return rows.map((row) => toApi(row as Table["$inferSelect"]));
    },
    async filterOptions(db) {
      const entries = await Promise.all(
        Object.entries(filters).map(async ([name, filter]) => [name, await filter.options(db)] as const),
      );
      return Object.fromEntries(entries);
    },
  };

  /** The search and the filters; undefined when the view shows every row. */
  function narrowing({ q, filters: chosen }: TableQuery): SQL | undefined {
    const conditions = Object.entries(chosen).flatMap(([name, value]) => {
      const filter = filters[name];
      if (!filter) return [];
      if (filter.column.dataType !== "number") return [eq(filter.column, value)];
      // A value the column can't hold matches nothing (rather than erroring in the database).
      const number = Number(value);
      return isInt32(number) ? [eq(filter.column, number)] : [sql`false`];
    });
    const search = searchCondition(searchColumns, q);
    return conditions.length || search ? and(search, ...conditions) : undefined;
  }

  /** A header's sort (ties broken by id, so pages don't overlap), else the table's own order. */
  function ordering(sort: string): SQL[] {
    const { key, descending } = sortParts(sort);
    const column = sorts[key];
    if (!column) return orderBy;
    return [descending ? desc(column) : asc(column), asc(t.id)];
  }
}

/** Case-insensitive substring search in any of the columns; none for an empty text. */
export function searchCondition(columns: PgColumn[], q: string): SQL | undefined {
  return q ? or(...columns.map((column) => ilike(column, likePattern(q)))) : undefined;
}

export async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  return totals?.total ?? 0;
}

// uniqueSlug may shorten the name's slug to fit a suffix, so look at every slug sharing a prefix.
const SLUG_SUFFIX_ROOM = 8;

/**
 * The slug `name` gets in a table with a unique `slug` column: its own, or one with a number
 * when another row (not `ownId`) has it. Two saves at the same moment may still pick the same
 * one: see retryingSlugClash.
 */
export async function freeSlug(
  db: Database,
  table: AnyTable & { slug: PgColumn },
  name: string,
  fallback: string,
  ownId?: string,
): Promise<string> {
  const prefix = slugify(name, fallback).slice(0, SLUG_MAX_LENGTH - SLUG_SUFFIX_ROOM);
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(like(table.slug, `${prefix}%`), ownId ? ne(table.id, ownId) : undefined));
  return uniqueSlug(name, new Set(rows.map((row) => String(row.slug))), fallback);
}

/**
 * How often a save tries for a free slug. Each clash means another save of the same name took
 * the slug first, and a save loses to each other save at most once (the winner is done), so
 * this many saves of one name at the same moment always get through.
 */
export const SLUG_ATTEMPTS = 16;

/** Rows of the same name saved at the same moment: each loser picks the next free slug. */
export async function retryingSlugClash<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/** PostgreSQL's unique_violation, however the driver (pg, PGlite) and drizzle wrap it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
