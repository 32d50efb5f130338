import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { type Page, readPage } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE } from "~/lib/table-query";
import { UUID_PATTERN } from "./recent-events";

export interface AdminPageRequest {
  q: string;
  page: number;
}

/** The create / read / update / delete functions of one managed table, in API shape. */
export interface CollectionStore<Input = unknown, Row extends { _id: string } = { _id: string }> {
  /** Returns the new row's id; `extra` sets columns the input has no say over (status). */
  create(db: Database, input: Input, extra?: Record<string, unknown>): Promise<string>;
  /** 1 when the row exists (and was written), else 0. */
  update(db: Database, id: string, input: Input): Promise<number>;
  remove(db: Database, id: string): Promise<number>;
  get(db: Database, id: string): Promise<Row | undefined>;
  /** One page of the dashboard table, newest first, narrowed by a search text. */
  listPage(db: Database, request: AdminPageRequest): Promise<Page<Row>>;
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

export function defineStore<Input, Row extends { _id: string }, Table extends AnyTable>(
  definition: StoreDefinition<Input, Row, Table>,
): CollectionStore<Input, Row> {
  const { table, toApi, toValues, searchColumns, orderBy, listScope, countAll } = definition;
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
    async listPage(db, { q, page }) {
      const search = searchCondition(searchColumns, q);
      const where = and(listScope, search);
      const total = !search && countAll ? await countAll(db) : await countRows(db, t, where);
      return readPage({ page, pageSize: ADMIN_PAGE_SIZE }, total, async (limit, offset) => {
        const rows = await db
          .select()
          .from(t)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset);
        return rows.map((row) => toApi(row as Table["$inferSelect"]));
      });
    },
  };
}

/** Case-insensitive substring search in any of the columns; none for an empty text. */
export function searchCondition(columns: PgColumn[], q: string): SQL | undefined {
  return q ? or(...columns.map((column) => ilike(column, likePattern(q)))) : undefined;
}

export async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  return totals?.total ?? 0;
}

/** PostgreSQL's unique_violation, however the driver (pg, PGlite) and drizzle wrap it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
