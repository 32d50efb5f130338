/**
 * What the database itself says about its tables, for backups and restores: asked of the
 * catalog rather than listed by hand, so a table or column added by a later migration is
 * backed up and restored without a change here.
 */
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { TABLES_NOT_KEPT } from "./backup-format.server";

/** Every table of the public schema, a table always after the tables it references. */
export async function tablesInForeignKeyOrder(db: Database): Promise<string[]> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition order by c.relname`,
  );
  const references = await selectRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
          from pg_constraint k
          join pg_class child on child.oid = k.conrelid
          join pg_class parent on parent.oid = k.confrelid
          join pg_namespace n on n.oid = child.relnamespace
         where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  return orderByReferences(
    tables.map((table) => table.name),
    references,
  );
}

/** Tables whose parents come first; tables in a cycle (none today) follow in name order. */
export function orderByReferences(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const parentsOf = (table: string) => references.filter((edge) => edge.child === table).map((edge) => edge.parent);
  let progress = true;
  while (progress) {
    progress = false;
    for (const table of tables) {
      if (placed.has(table) || !parentsOf(table).every((parent) => placed.has(parent))) continue;
      ordered.push(table);
      placed.add(table);
      progress = true;
    }
  }
  return [...ordered, ...tables.filter((table) => !placed.has(table))];
}

/** The tables a backup keeps, in the order a restore inserts them. */
export async function keptTables(db: Database): Promise<string[]> {
  return (await tablesInForeignKeyOrder(db)).filter((table) => !(table in TABLES_NOT_KEPT));
}

export interface TableColumns {
  /** Every column's name. */
  all: Set<string>;
  /** Those an insert may set (generated columns are computed again). */
  insertable: Set<string>;
}

export async function columnsOf(db: Database, table: string): Promise<TableColumns> {
  const rows = await selectRows<{ name: string; generated: string }>(
    db,
    sql`select column_name as name, is_generated as generated from information_schema.columns
         where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return {
    all: new Set(rows.map((row) => row.name)),
    insertable: new Set(rows.filter((row) => row.generated === "NEVER").map((row) => row.name)),
  };
}

/** A table's primary key columns, in the key's order (none for a table without one). */
export async function primaryKeyOf(db: Database, table: string): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select a.attname as name
          from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary
         order by array_position(i.indkey, a.attnum)`,
  );
  return rows.map((row) => row.name);
}

export interface SequenceValue {
  name: string;
  /** As text: a bigint may pass 2^53. */
  value: string;
}

/** The public schema's sequences that were ever used (serial ids, the content version). */
export async function readSequences(db: Database): Promise<SequenceValue[]> {
  return selectRows<SequenceValue>(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences
         where schemaname = 'public' and last_value is not null order by sequencename`,
  );
}

export async function restoreSequences(db: Database, sequences: readonly SequenceValue[]) {
  for (const sequence of sequences) {
    await db.execute(sql`select setval(${quoteIdentifier(sequence.name)}::regclass, ${sequence.value}::bigint, true)`);
  }
}

/** The first kept table that has a row, or undefined when the database holds nothing of a site. */
export async function firstTableWithRows(db: Database): Promise<string | undefined> {
  for (const table of await keptTables(db)) {
    const [row] = await selectRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table)}) as found`,
    );
    if (row?.found) return table;
  }
  return undefined;
}

/** A name as SQL spells it, for regclass lookups. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
