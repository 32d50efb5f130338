import fsp from "node:fs/promises";
import { and, arrayContains, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { eventPagePath } from "~/content/events";
import { freeSlug } from "~/core/crud.server";
import { fieldMessage, optionalDateField, optionalText } from "~/core/fields";
import { UUID_PATTERN } from "~/core/ids";
import type { Database } from "~/db/client.server";
import { contestRows, contests, events, rankingSeriesContests, results, students } from "~/db/schema";
import { eventIsPublic } from "~/features/events/events.server";
import { JUDGES, type JudgeKey } from "~/features/members/members";
import { CodeforcesFetchError, fetchCodeforcesStandings } from "~/features/standings/importers/codeforces";
import { STANDINGS_MAX_BYTES } from "~/features/standings/importers/read-standings.server";
import {
  readStandingsIsolated,
  StandingsReaderError,
} from "~/features/standings/importers/read-standings-isolated.server";
import { StandingsLimitError } from "~/features/standings/importers/standings-limits";
import type { FieldLabel } from "~/i18n/message";
import { translatorOf } from "~/i18n/translate.server";
import { fieldErrors } from "~/lib/field-errors";
import type { MultipartOutcome } from "~/lib/upload-stream.server";
import {
  type ImportedStandings,
  type ImportWarning,
  type Scoring,
  STANDINGS_FORMATS,
  type StandingsFormat,
  StandingsFormatError,
  type StandingsMember,
  type StandingsProblem,
  type StandingsRow,
  type StandingsText,
  standingsText,
} from "./standings";
import { teamLinkedMembers } from "./standings-team-links.server";
import { sayWarning } from "./standings-text.server";

/** An id a form's choice sends, or nothing (blank). */
const optionalId = (label: FieldLabel) =>
  z
    .string()
    .trim()
    .regex(UUID_PATTERN, fieldMessage("messages.field.fromList", label))
    .optional()
    .or(z.literal("").transform(() => undefined));

/** The fields sent with a standings file: the format, and the contest's own facts. */
export const standingsImportInput = z.object({
  format: z.enum(STANDINGS_FORMATS, {
    error: fieldMessage("messages.field.oneOf", "messages.fields.format", { choices: STANDINGS_FORMATS.join(", ") }),
  }),
  name: optionalText("messages.fields.name", 200),
  held_on: optionalDateField("messages.fields.date"),
  /** The event the contest was held as, and the result (sheet) it belongs to, when there are. */
  event_id: optionalId("messages.fields.event"),
  result_id: optionalId("messages.fields.result"),
  /** Importing for a contest that has standings already replaces them on confirming. */
  replaces: optionalId("messages.fields.replaces"),
});

export type StandingsImportInput = z.infer<typeof standingsImportInput>;

/** Which judge's handles a format's names are: a Codeforces file names Codeforces handles. */
const JUDGE_OF_FORMAT: Partial<Record<StandingsFormat, JudgeKey>> = { codeforces: "codeforces", vjudge: "vjudge" };

const lowered = (values: (string | null)[]) => [
  ...new Set(values.flatMap((value) => (value ? [value.toLowerCase()] : []))),
];

/** Handle or email (lower case) → member profile, for the people named. */
async function profilesNamed(db: Database, format: StandingsFormat, people: StandingsMember[]) {
  const handles = lowered(people.map((member) => member.handle));
  const emails = lowered(people.map((member) => member.email));
  const judges = JUDGE_OF_FORMAT[format] ? [JUDGE_OF_FORMAT[format]] : JUDGES.map((judge) => judge.key);
  const byKey = new Map<string, string>();
  if (handles.length + emails.length === 0) return byKey;
  const found = await db
    .select()
    .from(students)
    .where(
      or(
        ...judges.map((judge) => inArray(sql`lower(${students[judge]})`, handles.length ? handles : [""])),
        inArray(sql`lower(${students.email})`, emails.length ? emails : [""]),
      ),
    );
  for (const student of found) {
    for (const key of [student.email, ...judges.map((judge) => student[judge])]) {
      if (key) byKey.set(key.toLowerCase(), student.id);
    }
  }
  return byKey;
}

/**
 * The member profiles a row's people are: by their handle on the format's judge (any judge's
 * when the format is not one judge's), else by email; and a team's, by the number the club's
 * DOMjudge export gave it or a link an admin made before (standings-team-links.server.ts).
 * People nobody matches are listed in a warning, so the admin can ask them to add their handle first.
 */
export async function matchMembers(
  db: Database,
  format: StandingsFormat,
  rows: readonly StandingsRow[],
): Promise<{ studentIds: string[][]; warnings: ImportWarning[] }> {
  const people = rows.flatMap((row) => row.members);
  const byKey = await profilesNamed(db, format, people);
  const idOf = (member: StandingsMember) =>
    (member.handle && byKey.get(member.handle.toLowerCase())) ||
    (member.email && byKey.get(member.email.toLowerCase())) ||
    undefined;
  const unmatched = people.filter((member) => (member.handle || member.email) && !idOf(member));
  const names = unmatched.map((member) => member.handle ?? member.email).join(", ");
  const warnings = unmatched.length
    ? [{ text: standingsText("tools.standings.warning.unmatched", { people: names }) }]
    : [];
  const byTeam = await teamLinkedMembers(db, rows);
  const studentIds = rows.map((row, index) => [
    ...new Set([...row.members.flatMap((member) => idOf(member) ?? []), ...(byTeam[index] ?? [])]),
  ]);
  return { studentIds, warnings };
}

/** A preview of an import as the dashboard and `?dryRun=1` show it. */
export interface StandingsPreview {
  name: string;
  scoring: Scoring;
  problems: StandingsProblem[];
  rows: (StandingsRow & { matchedMembers: number })[];
  warnings: ImportWarning[];
}

export async function previewStandings(
  db: Database,
  input: StandingsImportInput,
  standings: ImportedStandings,
  fileName: string,
): Promise<StandingsPreview & { studentIds: string[][] }> {
  const matched = await matchMembers(db, input.format, standings.rows);
  return {
    name: input.name || standings.contestName || fileName,
    scoring: standings.scoring,
    problems: standings.problems,
    rows: standings.rows.map(({ teamIds: _ids, ...row }, index) => ({
      ...row,
      matchedMembers: matched.studentIds[index]?.length ?? 0,
    })),
    warnings: [...standings.warnings, ...matched.warnings],
    studentIds: matched.studentIds,
  };
}

/** Saves an import as a preview (admins only see it) with its file as it came; returns its id. */
export async function savePreview(
  db: Database,
  args: {
    input: StandingsImportInput;
    preview: Awaited<ReturnType<typeof previewStandings>>;
    source: Uint8Array;
    fileName: string;
  },
): Promise<string> {
  const { input, preview } = args;
  return db.transaction(async (tx) => {
    const [contest] = await tx
      .insert(contests)
      .values({
        slug: await freeSlug(tx, contests, preview.name, "contest"),
        name: preview.name,
        scoring: preview.scoring,
        format: input.format,
        heldOn: input.held_on || null,
        eventId: input.event_id ?? null,
        resultId: input.result_id ?? null,
        replacesId: input.replaces ?? null,
        problems: preview.problems,
        warnings: preview.warnings,
        sourceName: args.fileName,
        source: args.source,
      })
      .returning({ id: contests.id });
    if (!contest) throw new Error("saving the standings wrote no contest");
    if (preview.rows.length > 0) {
      await tx.insert(contestRows).values(
        preview.rows.map((row, position) => ({
          contestId: contest.id,
          position,
          name: row.name,
          rank: row.rank,
          solved: row.solved,
          penalty: row.penalty,
          score: row.score,
          cells: row.cells,
          awards: row.awards,
          members: row.members,
          studentIds: preview.studentIds[position] ?? [],
        })),
      );
    }
    return contest.id;
  });
}

/**
 * Publishes a preview. When it replaces a contest, that contest's standings go and the
 * preview takes its address (links to the leaderboard stay good). False: no such preview.
 */
export async function publishPreview(db: Database, previewId: string): Promise<string | undefined> {
  if (!UUID_PATTERN.test(previewId)) return undefined;
  return db.transaction(async (tx) => {
    const [preview] = await tx
      .select()
      .from(contests)
      .where(and(eq(contests.id, previewId), eq(contests.status, "preview")))
      .for("update");
    if (!preview) return undefined;
    if (preview.replacesId) {
      // The rankings that counted the old standings count the new ones.
      await tx
        .update(rankingSeriesContests)
        .set({ contestId: preview.id })
        .where(eq(rankingSeriesContests.contestId, preview.replacesId));
    }
    const [replaced] = preview.replacesId
      ? await tx.delete(contests).where(eq(contests.id, preview.replacesId)).returning({ slug: contests.slug })
      : [];
    const [published] = await tx
      .update(contests)
      .set({ status: "published", replacesId: null, ...(replaced ? { slug: replaced.slug } : {}) })
      .where(eq(contests.id, previewId))
      .returning({ slug: contests.slug });
    return published?.slug;
  });
}

/** Drops a preview that was not confirmed. */
export async function discardPreview(db: Database, previewId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(previewId)) return false;
  const gone = await db
    .delete(contests)
    .where(and(eq(contests.id, previewId), eq(contests.status, "preview")))
    .returning({ id: contests.id });
  return gone.length > 0;
}

export type ContestRow = Omit<typeof contests.$inferSelect, "source">;

const contestColumns = {
  id: contests.id,
  slug: contests.slug,
  name: contests.name,
  status: contests.status,
  scoring: contests.scoring,
  format: contests.format,
  heldOn: contests.heldOn,
  eventId: contests.eventId,
  resultId: contests.resultId,
  replacesId: contests.replacesId,
  problems: contests.problems,
  warnings: contests.warnings,
  sourceName: contests.sourceName,
  importedAt: contests.importedAt,
};

export interface ContestStandings {
  contest: ContestRow;
  rows: (typeof contestRows.$inferSelect)[];
}

async function standingsWhere(db: Database, where: ReturnType<typeof eq>): Promise<ContestStandings | undefined> {
  const [contest] = await db.select(contestColumns).from(contests).where(where);
  if (!contest) return undefined;
  const rows = await db
    .select()
    .from(contestRows)
    .where(eq(contestRows.contestId, contest.id))
    .orderBy(asc(contestRows.position));
  return { contest, rows };
}

/** A published contest's standings by its leaderboard's address. */
export function findPublishedStandings(db: Database, slug: string) {
  return standingsWhere(db, and(eq(contests.slug, slug), eq(contests.status, "published")) as ReturnType<typeof eq>);
}

/** A contest's standings by id, previews included (admins, the API). */
export function findStandings(db: Database, id: string) {
  if (!UUID_PATTERN.test(id)) return Promise.resolve(undefined);
  return standingsWhere(db, eq(contests.id, id));
}

/** Every contest, the latest first: published ones for everyone, previews too for admins. */
export async function listContests(db: Database, withPreviews: boolean): Promise<ContestRow[]> {
  return db
    .select(contestColumns)
    .from(contests)
    .where(withPreviews ? undefined : eq(contests.status, "published"))
    .orderBy(sql`${contests.heldOn} desc nulls last`, desc(contests.importedAt));
}

/** A member's contests, the latest first, with their line of each (member pages). */
export async function contestHistoryOf(db: Database, studentId: string) {
  return db
    .select({
      slug: contests.slug,
      name: contests.name,
      heldOn: contests.heldOn,
      scoring: contests.scoring,
      rank: contestRows.rank,
      solved: contestRows.solved,
      score: contestRows.score,
      participants: sql<number>`(select count(*) from ${contestRows} r where r.contest_id = ${contests.id})`.mapWith(
        Number,
      ),
    })
    .from(contestRows)
    .innerJoin(contests, eq(contests.id, contestRows.contestId))
    .where(and(eq(contests.status, "published"), arrayContains(contestRows.studentIds, [studentId])))
    .orderBy(sql`${contests.heldOn} desc nulls last`, desc(contests.importedAt));
}

/** Member profiles by id, as leaderboards and rankings name and link them. */
export async function profilesByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: students.id,
      slug: students.slug,
      name: students.name,
      batch: students.batch,
      hidden: students.hidden,
    })
    .from(students)
    .where(inArray(students.id, ids));
}

/** The contest's event page and result sheet, when it is linked to ones visitors may see. */
async function linksOf(db: Database, contest: Pick<ContestRow, "eventId" | "resultId">) {
  const [event] = contest.eventId
    ? await db
        .select({ name: events.name, eventType: events.eventType, slug: events.slug })
        .from(events)
        .where(and(eq(events.id, contest.eventId), eventIsPublic))
    : [];
  const [result] = contest.resultId
    ? await db
        .select({ id: results.id, name: results.name })
        .from(results)
        .where(and(eq(results.id, contest.resultId), eq(results.status, "published")))
    : [];
  return {
    event: event ? { name: event.name, path: eventPagePath(event) } : null,
    result: result ? { name: result.name, path: `/results#result-${result.id}` } : null,
  };
}

/**
 * A published contest's leaderboard: its rows with the member profiles they were matched to
 * (linked unless the member left the Students page) and each row's batches, for the filter.
 */
export async function findLeaderboard(db: Database, slug: string) {
  const standings = await findPublishedStandings(db, slug);
  if (!standings) return undefined;
  const ids = [...new Set(standings.rows.flatMap((row) => row.studentIds))];
  const profiles = await profilesByIds(db, ids);
  const profileOf = new Map(profiles.map((profile) => [profile.id, profile]));
  const rows = standings.rows.map((row) => {
    const matched = row.studentIds.flatMap((id) => profileOf.get(id) ?? []);
    return {
      id: row.id,
      rank: row.rank,
      name: row.name,
      solved: row.solved,
      penalty: row.penalty,
      score: row.score,
      cells: row.cells,
      awards: row.awards,
      members: matched
        .filter((profile) => !profile.hidden)
        .map((profile) => ({ name: profile.name, slug: profile.slug })),
      batches: matched.flatMap((profile) => (profile.batch === null ? [] : [profile.batch])),
    };
  });
  const { contest } = standings;
  return {
    ...(await linksOf(db, contest)),
    slug: contest.slug,
    name: contest.name,
    heldOn: contest.heldOn,
    scoring: contest.scoring,
    problems: contest.problems,
    rows,
    batchChoices: [...new Set(rows.flatMap((row) => row.batches))].sort((a, b) => a - b),
  };
}

/** The linked event, result and replaced contest must exist (the form's lists may be out of date). */
async function missingLinks(
  db: Database,
  input: StandingsImportInput,
): Promise<Record<string, StandingsText> | undefined> {
  const exists = async (table: typeof events | typeof results | typeof contests, id: string | undefined) =>
    !id || (await db.$count(table, eq(table.id, id))) > 0;
  const errors: Record<string, StandingsText> = {};
  if (!(await exists(events, input.event_id))) errors.event_id = standingsText("tools.standings.error.noEvent");
  if (!(await exists(results, input.result_id))) errors.result_id = standingsText("tools.standings.error.noResult");
  if (!(await exists(contests, input.replaces))) errors.replaces = standingsText("tools.standings.error.noContest");
  return Object.keys(errors).length ? errors : undefined;
}

/** Texts of an import the reader may read in their language (the dashboard) or in English (the API). */
export type ImportRefusal = { message: StandingsText; errors: Record<string, StandingsText> };

export type PreparedImport =
  | { ok: true; input: StandingsImportInput; preview: Awaited<ReturnType<typeof previewStandings>> }
  | ({ ok: false; status: 400 | 413 | 422 } & ImportRefusal);

const INVALID_FIELDS = standingsText("messages.form.invalid");

/**
 * Reads an uploaded standings file with the fields sent along it, into a preview: the form's
 * fields checked, the file read in the chosen format (a file that isn't is refused, naming
 * where), the people matched to member profiles. Nothing is saved.
 */
export async function prepareImport(
  db: Database,
  args: { fields: Record<string, string>; bytes: Uint8Array; fileName: string },
): Promise<PreparedImport> {
  const parsed = standingsImportInput.safeParse(args.fields);
  if (!parsed.success) {
    return { ok: false, status: 400, message: INVALID_FIELDS, errors: fieldErrors(parsed.error) };
  }
  const missing = await missingLinks(db, parsed.data);
  if (missing) return { ok: false, status: 400, message: INVALID_FIELDS, errors: missing };
  let standings: ImportedStandings;
  try {
    standings = await readStandingsIsolated(parsed.data.format, args.bytes);
  } catch (error) {
    return readingRefusal(error, parsed.data.format);
  }
  return { ok: true, input: parsed.data, preview: await previewStandings(db, parsed.data, standings, args.fileName) };
}

/**
 * A file the reader refused: not of its format (400), past a limit (413), or one the reader
 * failed on by a fault of its own (422: the admin learns the file wasn't imported and why, the
 * log keeps the error for the developers). Anything else is the server's own error.
 */
export function readingRefusal(error: unknown, format: StandingsImportInput["format"]): PreparedImport {
  if (error instanceof StandingsReaderError) {
    // The server routes console.warn to its logger, with the error's stack as `err`.
    console.warn(error.cause ?? error, `a standings file (${format}) was refused: its reader failed`);
    const message = standingsText("tools.standings.error.readerFailed", { reason: error.reason });
    return { ok: false, status: 422, message, errors: { file: message } };
  }
  if (!(error instanceof StandingsFormatError)) throw error;
  const tooLarge = error instanceof StandingsLimitError;
  const message = tooLarge
    ? standingsText("tools.standings.error.tooLargeToRead", { problem: error.placed })
    : standingsText("tools.standings.error.notReadable", {
        format: standingsText(`tools.standings.formatLabel.${format}`),
        problem: error.placed,
      });
  return { ok: false, status: tooLarge ? 413 : 400, message, errors: { file: message } };
}

const apiCell = z.strictObject({
  solved: z.boolean(),
  attempts: z.number().int(),
  minutes: z.number().int().nullable(),
  firstToSolve: z.boolean(),
  score: z.number().nullable(),
});

/** A line of standings as the API shows it (saved, or in a preview). */
const apiRowFields = {
  rank: z.number().int().nullable(),
  name: z.string(),
  members: z.array(z.strictObject({ name: z.string(), handle: z.string().nullable(), email: z.string().nullable() })),
  solved: z.number().int(),
  penalty: z.number().int().nullable(),
  score: z.number().nullable(),
  cells: z.record(z.string(), apiCell),
  awards: z.array(z.string()),
};

/** A contest's standings as `GET /api/standings/{id}` answers them. */
export const apiStandings = z
  .strictObject({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    status: z.enum(["preview", "published"]),
    scoring: z.enum(["icpc", "score"]),
    format: z.enum(STANDINGS_FORMATS),
    held_on: z.string().nullable(),
    event_id: z.string().nullable(),
    result_id: z.string().nullable(),
    problems: z.array(z.strictObject({ label: z.string(), name: z.string() })),
    rows: z.array(z.strictObject({ ...apiRowFields, member_ids: z.array(z.string()) })),
  })
  .meta({ id: "Standings" });

export function toApiStandings({ contest, rows }: ContestStandings): z.infer<typeof apiStandings> {
  return {
    _id: contest.id,
    slug: contest.slug,
    name: contest.name,
    status: contest.status,
    scoring: contest.scoring,
    format: contest.format,
    held_on: contest.heldOn,
    event_id: contest.eventId,
    result_id: contest.resultId,
    problems: contest.problems,
    rows: rows.map((row) => ({
      rank: row.rank,
      name: row.name,
      members: row.members,
      solved: row.solved,
      penalty: row.penalty,
      score: row.score,
      cells: row.cells,
      awards: row.awards,
      member_ids: row.studentIds,
    })),
  };
}

/** The preview `?dryRun=1` answers: the standings as read, before anything is saved. */
export const standingsPreviewAnswer = z
  .strictObject({
    name: z.string(),
    scoring: z.enum(["icpc", "score"]),
    problems: z.array(z.strictObject({ label: z.string(), name: z.string() })),
    rows: z.array(z.strictObject({ ...apiRowFields, matchedMembers: z.number().int() })),
    warnings: z.array(z.strictObject({ message: z.string(), where: z.string().optional() })),
  })
  .meta({ id: "StandingsPreview" });

/** A preview as `?dryRun=1` answers it: its warnings in English, as the API speaks. */
export function toApiPreview({ studentIds: _matched, ...preview }: Awaited<ReturnType<typeof previewStandings>>) {
  const english = translatorOf("en");
  return { ...preview, warnings: preview.warnings.map((warning) => sayWarning(english, warning)) };
}

/** An import's refusal in English, as the API answers it. */

export type ImportSource =
  | { ok: true; bytes: Uint8Array; fileName: string }
  | { ok: false; status: 400 | 413 | 502; message: StandingsText; field: "file" | "codeforces_contest" };

/**
 * The standings to read: the file sent, or, for Codeforces without a file, the contest named
 * by `codeforces_contest` fetched from its API (when the server can reach it).
 */
export async function importSource(received: MultipartOutcome, codeforcesApiUrl: string): Promise<ImportSource> {
  if (received.kind === "too-large") {
    const message = standingsText("tools.standings.error.tooLarge", { size: STANDINGS_MAX_BYTES / (1024 * 1024) });
    return { ok: false, status: 413, message, field: "file" };
  }
  if (received.kind === "file") {
    return {
      ok: true,
      bytes: new Uint8Array(await fsp.readFile(received.file.path)),
      fileName: received.file.name ?? "standings",
    };
  }
  const contestId = received.fields.codeforces_contest?.trim();
  if (received.fields.format !== "codeforces" || !contestId) {
    return { ok: false, status: 400, message: standingsText("tools.standings.error.noFile"), field: "file" };
  }
  if (!/^\d{1,7}$/.test(contestId)) {
    return {
      ok: false,
      status: 400,
      message: standingsText("tools.standings.error.badContestId"),
      field: "codeforces_contest",
    };
  }
  try {
    const text = await fetchCodeforcesStandings(Number(contestId), fetch, codeforcesApiUrl);
    return { ok: true, bytes: new TextEncoder().encode(text), fileName: `codeforces-${contestId}.json` };
  } catch (error) {
    const reason =
      error instanceof CodeforcesFetchError
        ? error.text
        : { english: error instanceof Error ? error.message : String(error) };
    const message = standingsText("tools.standings.error.codeforcesFailed", { reason });
    return { ok: false, status: 502, message, field: "codeforces_contest" };
  }
}
