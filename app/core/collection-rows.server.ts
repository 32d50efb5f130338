import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { camelCase } from "~/lib/text";
import { instantFrom, instantTextOf } from "~/lib/zoned-time";
import type { EntityField, EntityFieldDef } from "./collection";
import type { EntityInput, EntityRecord } from "./collection-schemas";

/**
 * An entity's rows as records and its input as columns, derived from its field list
 * (collection.ts): each field is its column (`column`, else its name as drizzle keys it,
 * `starts_on` → `startsOn`), so a store says only what the list can't (a slug, the publishing
 * columns, values made from others). A `datetime` field is an instant: its column holds a
 * `Date`, its record the instant's text (decision 028).
 */

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

type ColumnOf<F> = F extends { column: infer Column extends string }
  ? Column
  : F extends { name: infer Name extends string }
    ? CamelCase<Name>
    : never;

type Writable<Fields extends readonly EntityFieldDef[]> = Extract<Fields[number], EntityField>;

/** The names a record has of its own: `_id` and its fields'. */
type RecordKey<Fields extends readonly EntityFieldDef[]> = "_id" | Fields[number]["name"];

/** A column's value for a record's: an instant's `Date`, or null where the record answers "". */
type StoredValueOf<F, Value> = F extends { kind: "datetime" }
  ? Date | null
  : F extends { absentAs: "" }
    ? string | null
    : Value;

/** What a row must hold for the fields' record values (`Rec`: the entity's record type). */
type StoredRow<Fields extends readonly EntityFieldDef[], Rec> = { id: string } & {
  [F in Fields[number] as ColumnOf<F>]: StoredValueOf<F, Rec[F["name"] & keyof Rec]>;
};

/**
 * The columns the input's fields are written to (`Input`: the entity's input type); an optional
 * one not given is null, or "" where the column can't be.
 */
type StoredValues<Fields extends readonly EntityFieldDef[], Row, Input> = {
  [F in Writable<Fields> as ColumnOf<F>]: ColumnOf<F> extends keyof Row
    ? F extends { kind: "datetime" }
      ? Date | null
      : null extends Row[ColumnOf<F>]
        ? NonNullable<Input[F["name"] & keyof Input]> | null
        : NonNullable<Input[F["name"] & keyof Input]>
    : never;
};

const columnOf = (field: EntityFieldDef) => field.column ?? camelCase(field.name);
const isInstant = (field: EntityFieldDef) => !field.readOnly && field.kind === "datetime";

/**
 * A row as its record: `_id`, then each field's value (an absent one as the field says). `Rec`
 * is the entity's record type where its schema says more than the field list (an event's
 * choices as booleans, its batches as numbers); by default, what the list says.
 */
export function recordOf<const Fields extends readonly EntityFieldDef[], Rec = EntityRecord<Fields>>(fields: Fields) {
  // Worked out once, not for every row a list maps.
  const read = fields.map((field) => ({
    name: field.name,
    key: columnOf(field),
    instant: isInstant(field),
    absentAsBlank: !field.readOnly && field.absentAs === "",
  }));
  return (row: StoredRow<Fields, Rec>): Pick<Rec, RecordKey<Fields> & keyof Rec> => {
    const record: Record<string, unknown> = { _id: row.id };
    for (const { name, key, instant, absentAsBlank } of read) {
      const value: unknown = Reflect.get(row, key);
      if (instant) record[name] = instantTextOf(value as Date | null);
      else record[name] = absentAsBlank ? (value ?? "") : value;
    }
    return record as Pick<Rec, RecordKey<Fields> & keyof Rec>;
  };
}

/**
 * The input's fields as the table's columns. Optional and not given (absent, null, blank) is
 * null in a nullable column and "" in one that can't be null. `Input` is the entity's input type
 * where its schema says more than the field list; by default, what the list says.
 */
export function valuesOf<
  Table extends PgTable,
  const Fields extends readonly EntityFieldDef[],
  Input extends object = EntityInput<Fields>,
>(table: Table, fields: Fields) {
  const columns = getTableColumns(table);
  const written = fields.flatMap((field) => {
    if (field.readOnly) return [];
    const column = columns[columnOf(field)];
    if (!column) throw new Error(`The table ${getTableName(table)} has no column for the field ${field.name}`);
    return [{ name: field.name, key: columnOf(field), notNull: column.notNull, instant: isInstant(field) }];
  });
  return (input: Input): StoredValues<Fields, Table["$inferSelect"], Input> => {
    const values: Record<string, unknown> = {};
    for (const { name, key, notNull, instant } of written) {
      const value: unknown = Reflect.get(input, name);
      if (instant) values[key] = instantFrom(value as string | null | undefined) ?? null;
      else values[key] = notNull ? (value ?? "") : value === "" || value == null ? null : value;
    }
    return values as StoredValues<Fields, Table["$inferSelect"], Input>;
  };
}
