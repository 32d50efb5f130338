/**
 * What a backup archive is (docs/decisions/020-backups.md): a tar of
 *
 *   backup.json                        the manifest: format, database level, when
 *   tables/<table>/<00001>.ndjson.gz   rows, one JSON object a line, in foreign-key order
 *   sequences.json                     every sequence's value
 *   media/<key>                        the stored files, named by their keys
 *   end.json                           the counts written; an archive without it is incomplete
 *
 * The writer (backup.server.ts) and the reader (restore.server.ts) agree through this module.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The archive's layout. Raised when the layout changes (entry names, row encoding), never for a
 * new migration: the manifest's database level covers those. A site restores its own format
 * and every older one.
 */
export const BACKUP_FORMAT = 1;

/** Told apart from any other JSON file that happens to be named backup.json. */
const BACKUP_KIND = "club-website-backup";

export const ENTRY = {
  manifest: "backup.json",
  sequences: "sequences.json",
  end: "end.json",
  tablePrefix: "tables/",
  mediaPrefix: "media/",
} as const;

/** `tables/students/00003.ndjson.gz`: the table and the part's number. */
export function tablePartName(table: string, part: number): string {
  return `${ENTRY.tablePrefix}${table}/${String(part).padStart(5, "0")}.ndjson.gz`;
}

const TABLE_PART = /^tables\/([a-z_][a-z0-9_]{0,62})\/\d{5}\.ndjson\.gz$/;

export function tableOfPart(name: string): string | undefined {
  return TABLE_PART.exec(name)?.[1];
}

/**
 * Tables a backup leaves out, and why: nothing in them outlives a restore. Every other table of
 * the public schema is kept, so a table added later is backed up without a change here.
 */
export const TABLES_NOT_KEPT: Record<string, string> = {
  sessions: "people sign in again on the restored site",
  verifications: "short-lived tokens of sign-in flows",
  rate_limits: "counters of the last minutes",
  mail_pace: "the mail sender's pacing, one row the migrations make",
  judge_pace: "the judges' API pacing and backoff, one row per judge the migrations make",
};

/** Columns kept empty in a backup: tokens a provider gave at sign-in, which the site never reuses. */
export const COLUMNS_NOT_KEPT: Record<string, readonly string[]> = {
  accounts: ["access_token", "refresh_token", "id_token", "access_token_expires_at", "refresh_token_expires_at"],
};

export const manifestSchema = z.object({
  kind: z.literal(BACKUP_KIND),
  format: z.number().int().positive(),
  createdAt: z.string(),
  /** How many migrations the database had, and the last one's name. */
  migration: z.object({ count: z.number().int().nonnegative(), tag: z.string() }),
  /** A keyed hash of the site's secret (never the secret): tells a restore whether its secret is the same. */
  secretCheck: z.string(),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const endSchema = z.object({
  tables: z.record(z.string(), z.number().int().nonnegative()),
  media: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});

export type BackupEnd = z.infer<typeof endSchema>;

export const sequencesSchema = z.array(z.object({ name: z.string(), value: z.string().regex(/^-?\d+$/) }));

export function newManifest(migration: Manifest["migration"], secret: string): Manifest {
  return {
    kind: BACKUP_KIND,
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migration,
    secretCheck: secretCheckOf(secret),
  };
}

export function secretCheckOf(secret: string): string {
  return crypto.createHmac("sha256", secret).update("backup secret check").digest("base64url").slice(0, 16);
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The migrations a folder holds, in order (drizzle's journal). */
export function readJournal(migrationsDir: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The level of a database this code migrated: all of its migrations. */
export function currentMigrationLevel(migrationsDir: string): Manifest["migration"] {
  const entries = readJournal(migrationsDir);
  return { count: entries.length, tag: entries.at(-1)?.tag ?? "" };
}

/** A backup that can't be restored here; its message says why, for the person restoring. */
export class BackupRefusedError extends Error {}
