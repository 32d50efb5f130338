import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { EntityField, EntityFieldDef } from "./collection";
import type { EntityInput, EntityRecord } from "./collection-schemas";

/**
 * An entity's rows as records and its input as columns, derived from its field list
 * (collection.ts): each field is its column (`column`, else its own name), so a store says
 * only what the list can't (a slug, the publishing columns, values made from others).
 */

type ColumnOf<F> = F extends { column: infer Column extends string }
  ? Column
  : F extends { name: infer Name }
    ? Name
    : never;

type Writable<Fields extends readonly EntityFieldDef[]> = Extract<Fields[number], EntityField>;

/** What a row must hold for the fields: a record's values, or null where the record answers "". */
type StoredRow<Fields extends readonly EntityFieldDef[]> = { id: string } & {
  [F in Fields[number] as ColumnOf<F>]: F extends { absentAs: "" }
    ? string | null
    : EntityRecord<Fields>[F["name"] & keyof EntityRecord<Fields>];
};

/** The columns the input's fields are written to; an optional one not given is null, or "" where the column can't be. */
type StoredValues<Fields extends readonly EntityFieldDef[], Row> = {
  [F in Writable<Fields> as ColumnOf<F>]: ColumnOf<F> extends keyof Row
    ? null extends Row[ColumnOf<F>]
      ? NonNullable<EntityInput<Fields>[F["name"] & keyof EntityInput<Fields>]> | null
      : NonNullable<EntityInput<Fields>[F["name"] & keyof EntityInput<Fields>]>
    : never;
};

const columnOf = (field: EntityFieldDef) => field.column ?? field.name;

/** A row as its record: `_id`, then each field's value (an absent one as the field says). */
export function recordOf<const Fields extends readonly EntityFieldDef[]>(fields: Fields) {
  return (row: StoredRow<Fields>): EntityRecord<Fields> => {
    const record: Record<string, unknown> = { _id: row.id };
    for (const field of fields) {
      const value: unknown = Reflect.get(row, columnOf(field));
      record[field.name] = !field.readOnly && field.absentAs === "" ? (value ?? "") : value;
    }
    return record as EntityRecord<Fields>;
  };
}

/**
 * The input's fields as the table's columns. Optional and not given (absent, null, blank) is
 * null in a nullable column and "" in one that can't be null.
 */
export function valuesOf<Table extends PgTable, const Fields extends readonly EntityFieldDef[]>(
  table: Table,
  fields: Fields,
) {
  const columns = getTableColumns(table);
  const written = fields.flatMap((field) => {
    if (field.readOnly) return [];
    const column = columns[columnOf(field)];
    if (!column) throw new Error(`The table ${getTableName(table)} has no column for the field ${field.name}`);
    return [{ name: field.name, key: columnOf(field), notNull: column.notNull }];
  });
  return (input: EntityInput<Fields>): StoredValues<Fields, Table["$inferSelect"]> => {
    const values: Record<string, unknown> = {};
    for (const { name, key, notNull } of written) {
      const value: unknown = Reflect.get(input, name);
      values[key] = notNull ? (value ?? "") : value === "" || value == null ? null : value;
    }
    return values as StoredValues<Fields, Table["$inferSelect"]>;
  };
}
