import { type Actor, recordAudit } from "~/core/audit.server";
import { type Collection, rowToFormValues } from "~/core/collection";
import type { Database } from "~/db/client.server";
import { type Message, messageOf } from "~/i18n/message";
import { parseCsv, toCsv } from "~/lib/csv.server";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import type { CollectionService } from "./collections.server";

/** An import reads at most this many rows and bytes: a department's students fit many times over. */
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 1_000_000;

/**
 * A collection's rows as CSV: the id, then its fields by their API names (the import's columns);
 * times on the club's clocks (`timeZone`), as the form shows them.
 */
export function collectionCsv(collection: Collection, rows: readonly { _id: string }[], timeZone: string): string {
  const names = collection.fields.map((field) => field.name);
  return toCsv(
    ["_id", ...names],
    rows.map((row) => {
      const values = rowToFormValues(collection, row, timeZone);
      return [row._id, ...names.map((name) => values[name] ?? "")];
    }),
  );
}

/** One row of an import: its line in the file, its values by field name, and what is wrong with them. */
export interface ImportRow {
  line: number;
  values: Record<string, string>;
  errors: FieldErrors;
}

export type ImportPreview = { ok: true; rows: ImportRow[] } | { ok: false; message: Message };

const normalized = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Reads an import file and checks every row with the collection's own input schema. Columns
 * are matched by the field's API name or its label ("photoURL" or "Photo"); others (`_id`) are
 * ignored; a missing required column is named.
 */
export function previewImport(service: CollectionService, text: string): ImportPreview {
  const { collection } = service;
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const columnOf = new Map<string, number>();
  parsed.header.forEach((title, index) => {
    const field = collection.fields.find(
      (candidate) =>
        normalized(candidate.name) === normalized(title) || normalized(candidate.label) === normalized(title),
    );
    if (field && !columnOf.has(field.name)) columnOf.set(field.name, index);
  });
  const missing = collection.fields.filter((field) => field.required && !columnOf.has(field.name));
  if (missing.length > 0) {
    const names = missing.map((field) => field.name).join(", ");
    return { ok: false, message: messageOf("messages.import.noColumn", { columns: names }) };
  }
  if (parsed.rows.length === 0) return { ok: false, message: messageOf("messages.import.noRows") };
  if (parsed.rows.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      message: messageOf("messages.import.tooManyRows", { rows: parsed.rows.length, max: IMPORT_MAX_ROWS }),
    };
  }
  const rows = parsed.rows.map((cells, index) => {
    const values: Record<string, string> = {};
    for (const [name, column] of columnOf) values[name] = cells[column] ?? "";
    const checked = service.inputSchema.safeParse(values);
    return { line: index + 2, values, errors: checked.success ? {} : fieldErrors(checked.error) };
  });
  return { ok: true, rows };
}

/** Saves the rows without errors, all or none (one transaction); returns how many were added. */
export async function importValidRows(
  db: Database,
  service: CollectionService,
  rows: readonly ImportRow[],
  { actor, fileName }: { actor: Actor; fileName: string },
) {
  const valid = rows.filter((row) => Object.keys(row.errors).length === 0);
  await db.transaction(async (tx) => {
    // One audit entry for the file, not one per row: an import may add thousands.
    for (const row of valid) {
      const written = await service.create(tx, row.values, null);
      if (!written.ok) throw new Error(`Row ${row.line} was valid in the preview but not when saved`);
    }
    const label = `${valid.length} rows from ${fileName || "a CSV file"}`;
    await recordAudit(tx, actor, { action: "import", entity: service.collection.key, label });
  });
  return valid.length;
}
