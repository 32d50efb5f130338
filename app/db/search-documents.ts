import { type SQL, sql } from "drizzle-orm";
import { type ExtraConfigColumn, index, type PgColumn } from "drizzle-orm/pg-core";

/**
 * The text site search looks through in each table, one expression per table. The schema's
 * indexes and the search query both build it here: PostgreSQL uses an expression index only
 * for a query that repeats the expression exactly, so there must be one spelling of it.
 * Only `||` and `coalesce` (immutable, unlike `concat_ws`), so it may be indexed.
 */
type Column = PgColumn | ExtraConfigColumn;

/** Texts joined by spaces; a null one counts as empty. */
export function searchDocument(...columns: Column[]): SQL {
  const parts = columns.map((column) => (column.notNull ? sql`${column}` : sql`coalesce(${column}, '')`));
  return sql.join(parts, sql` || ' ' || `);
}

/**
 * `simple`: words as written, lower-cased, no English stemmer, so Bangla and handles match as
 * typed. The `regconfig` form of `to_tsvector` is immutable and may be indexed.
 */
export const tsvectorOf = (document: SQL) => sql`to_tsvector('simple'::regconfig, ${document})`;

/**
 * The two GIN indexes of a searched table: whole words and their prefixes (full-text), and
 * any part of a word (trigrams, for `ILIKE '%part%'`).
 */
export function searchIndexes(table: string, document: SQL) {
  return [
    index(`${table}_search_words_idx`).using("gin", tsvectorOf(document)),
    index(`${table}_search_trgm_idx`).using("gin", sql`(${document}) gin_trgm_ops`),
  ];
}
