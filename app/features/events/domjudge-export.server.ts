import { createHash, randomInt } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { UUID_PATTERN } from "~/core/ids";
import type { SiteSettings } from "~/core/settings.server";
import type { Database } from "~/db/client.server";
import { registrations, students } from "~/db/schema";
import { slugify } from "~/lib/slug";
import { listRegistrations } from "./registrations.server";

/**
 * Import files for DOMjudge (its manual, "Adding contest data in bulk", as of 9.0): the club's
 * members or an event's confirmed teams become teams and team accounts, so a contest on the
 * club's DOMjudge needs no retyping.
 */

/** A DOMjudge team: one member of the roster, or one confirmed registration. */
export interface DomjudgeTeamEntry {
  /**
   * Digits only, no leading zero: DOMjudge links an accounts.tsv line to its team by the
   * number in the username ("team42" → team "42"), and reads "team042" as "42" too.
   */
  id: string;
  name: string;
  /** The people's names, in the registration's order. */
  members: string[];
}

/** The club's university, the one affiliation every exported team belongs to. */
export interface DomjudgeOrganization {
  id: string;
  /** DOMjudge's short name (jury lists, some exports); it keeps 32 characters of it. */
  name: string;
  /** The name on the scoreboard. */
  formalName: string;
}

export interface DomjudgeTeamsOptions {
  organization: DomjudgeOrganization;
}

/** DOMjudge's example data calls the contestants' category "participants" too, so an import there updates it. */
export const PARTICIPANTS_GROUP = { id: "participants", name: "Participants" } as const;

/** The names DOMjudge's manual and misc-tools/import-contest look for. */
export const DOMJUDGE_FILE_NAMES = {
  groups: "groups.json",
  organizations: "organizations.json",
  teams: "teams.json",
  accounts: "accounts.tsv",
  readme: "README.txt",
} as const;

export const domjudgeTexts = {
  rosterTitle: "the members on the Students page",
  eventTitle: (eventName: string) => `the confirmed registrations of ${eventName}`,
  readme: (title: string, madeAt: string) =>
    [
      `DOMjudge import files for ${title}, made ${madeAt}.`,
      "",
      "Import them in this order (Jury: Import / export; or run misc-tools/import-contest in this folder):",
      "  1. groups.json         the Participants category (Import JSON / YAML: groups)",
      "  2. organizations.json  the university (Import JSON / YAML: organizations)",
      "  3. teams.json          one team per member or confirmed registration (Import JSON / YAML: teams)",
      "  4. accounts.tsv        one team account each (Tab-separated import: accounts)",
      "",
      "The passwords in accounts.tsv were made for this download only. Hand them out from this",
      "accounts.tsv, the one you import. Every download makes new ones: importing a later",
      "accounts.tsv replaces the passwords of accounts already there.",
      "",
    ].join("\n"),
  teamFallback: (id: string) => `Team ${id}`,
} as const;

/** DOMjudge's rule for a team's id (ImportExportService: "ID not in CLICS format"). */
export const DOMJUDGE_TEAM_ID = /^[a-zA-Z0-9]([a-zA-Z0-9._-]{0,34}[a-zA-Z0-9])?$/;
/** DOMjudge's rule for any other external id (DOMJudgeService::EXTERNAL_IDENTIFIER_REGEX). */
const DOMJUDGE_EXTERNAL_ID = /^[a-zA-Z0-9_.-]+$/;
/** What DOMjudge's accounts.tsv import reads the team's number from (its own expression). */
export const TEAM_NUMBER_IN_USERNAME = /^[^0-9]*0*([0-9]+)[^0-9]*$/;

/** A team account's login: the CCS convention, "team" and the team's number. */
export const usernameOf = (entry: Pick<DomjudgeTeamEntry, "id">) => `team${entry.id}`;

/** No 0/O/o, 1/l/I: people copy these from a printed slip. */
const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 12 of 56 symbols: about 70 bits, beyond guessing during a contest. */
const PASSWORD_LENGTH = 12;

/** A fresh random password; randomInt draws without modulo bias. */
export function newPassword(): string {
  return Array.from({ length: PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
}

function assertValidIds(entries: readonly DomjudgeTeamEntry[]): void {
  const seen = new Set<string>();
  for (const { id } of entries) {
    if (!/^[1-9][0-9]*$/.test(id) || !DOMJUDGE_TEAM_ID.test(id) || seen.has(id)) {
      throw new Error(`Not a unique DOMjudge team number: "${id}"`);
    }
    seen.add(id);
  }
}

/** Whitespace runs (a pasted tab or newline included) as one space. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const membersText = (entry: DomjudgeTeamEntry) => entry.members.map(oneLine).filter(Boolean).join(", ");

/** DOMjudge refuses a blank team name. */
const teamNameOf = (entry: DomjudgeTeamEntry) => oneLine(entry.name) || domjudgeTexts.teamFallback(entry.id);

/** teams.json as the manual describes it; `members` only when it says more than the name. */
export function domjudgeTeams(entries: readonly DomjudgeTeamEntry[], options: DomjudgeTeamsOptions): string {
  assertValidIds(entries);
  const teams = entries.map((entry) => {
    const name = teamNameOf(entry);
    const members = membersText(entry);
    return {
      id: entry.id,
      name,
      group_ids: [PARTICIPANTS_GROUP.id],
      organization_id: options.organization.id,
      ...(members && members !== name ? { members } : {}),
    };
  });
  return `${JSON.stringify(teams, null, 2)}\n`;
}

/** DOMjudge reads every accounts.tsv field through PHP's stripcslashes: a backslash must be doubled to stay one. */
const tsvField = (text: string) => oneLine(text).replaceAll("\\", "\\\\");

/**
 * accounts.tsv (the manual's "legacy TSV format"): the header `accounts<TAB>1`, then
 * `team<TAB>full name<TAB>username<TAB>password` per team, with a new password each call.
 */
export function domjudgeAccounts(entries: readonly DomjudgeTeamEntry[], makePassword = newPassword): string {
  assertValidIds(entries);
  const lines = entries.map((entry) =>
    ["team", tsvField(teamNameOf(entry)), usernameOf(entry), makePassword()].join("\t"),
  );
  return ["accounts\t1", ...lines].map((line) => `${line}\n`).join("");
}

/** groups.json: without it DOMjudge would make the category itself, named "participants - auto-create during import". */
export function domjudgeGroups(): string {
  return `${JSON.stringify([{ id: PARTICIPANTS_GROUP.id, name: PARTICIPANTS_GROUP.name }], null, 2)}\n`;
}

/** organizations.json: without it DOMjudge would make the affiliation itself, named after its id. */
export function domjudgeOrganizations(organization: DomjudgeOrganization): string {
  const { id, name, formalName } = organization;
  return `${JSON.stringify([{ id, name, formal_name: formalName }], null, 2)}\n`;
}

/** DOMjudge keeps 32 characters of a short name: cut a longer one at a word instead, not mid-word. */
const SHORT_NAME_LENGTH = 32;

function shortNameOf(name: string): string {
  if (name.length <= SHORT_NAME_LENGTH) return name;
  const atWord = name.slice(0, SHORT_NAME_LENGTH + 1).replace(/\s+\S*$/, "");
  return atWord && atWord.length <= SHORT_NAME_LENGTH ? atWord : name.slice(0, SHORT_NAME_LENGTH);
}

/** The university from the site settings; its id is its name's slug, so it reads well in DOMjudge's lists. */
export function clubOrganization(settings: Pick<SiteSettings, "universityName">): DomjudgeOrganization {
  const formalName = oneLine(settings.universityName);
  const slug = slugify(formalName, "university");
  return {
    id: DOMJUDGE_EXTERNAL_ID.test(slug) ? slug : "university",
    name: shortNameOf(formalName),
    formalName,
  };
}

export interface DomjudgeBundle {
  entries: readonly DomjudgeTeamEntry[];
  organization: DomjudgeOrganization;
  /** What the files hold, for the README ("the members on the Students page"). */
  title: string;
  now?: Date;
}

/**
 * Every file from one generation in one zip: accounts.tsv must name exactly the teams
 * teams.json made, and the passwords handed out must be the ones imported.
 */
export function domjudgeZip(bundle: DomjudgeBundle): Uint8Array<ArrayBuffer> {
  const now = bundle.now ?? new Date();
  const files: Record<string, string> = {
    [DOMJUDGE_FILE_NAMES.readme]: domjudgeTexts.readme(bundle.title, now.toISOString()),
    [DOMJUDGE_FILE_NAMES.groups]: domjudgeGroups(),
    [DOMJUDGE_FILE_NAMES.organizations]: domjudgeOrganizations(bundle.organization),
    [DOMJUDGE_FILE_NAMES.teams]: domjudgeTeams(bundle.entries, { organization: bundle.organization }),
    [DOMJUDGE_FILE_NAMES.accounts]: domjudgeAccounts(bundle.entries),
  };
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), {
    mtime: now,
  });
  // A Response body wants an ArrayBuffer-backed array; fflate's type allows a shared one.
  return new Uint8Array(zip);
}

/** A header value is Latin-1 only, and an event's slug may be Bangla. */
const asciiFileName = (name: string) =>
  name
    .replace(/[^a-zA-Z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/-$/, "");

/** A zip the browser saves as `{name}-{today}.zip`; never cached, since it holds passwords. */
export function domjudgeDownload(name: string, zip: Uint8Array<ArrayBuffer>): Response {
  const day = new Date().toISOString().slice(0, 10);
  const fileName = asciiFileName(name) || "domjudge";
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * Roster numbers: ten digits from a hash of the student's id, so a member keeps their team
 * across downloads. Registrations use their arrival number, far below 10^9, so the two never meet.
 */
const ROSTER_NUMBER_FIRST = 1_000_000_000n;
const ROSTER_NUMBER_COUNT = 9_000_000_000n;

function rosterNumber(studentId: string): bigint {
  const digest = createHash("sha256").update(studentId).digest();
  return ROSTER_NUMBER_FIRST + (digest.readBigUInt64BE(0) % ROSTER_NUMBER_COUNT);
}

/** Two hashes meeting is unlikely (a thousand members: 1 in 18,000); the later student, by id, takes the next free number. */
export function rosterNumbers(studentIds: readonly string[]): Map<string, string> {
  const taken = new Set<bigint>();
  const numbers = new Map<string, string>();
  for (const id of [...studentIds].sort()) {
    let number = rosterNumber(id);
    while (taken.has(number)) {
      number = ROSTER_NUMBER_FIRST + ((number - ROSTER_NUMBER_FIRST + 1n) % ROSTER_NUMBER_COUNT);
    }
    taken.add(number);
    numbers.set(id, String(number));
  }
  return numbers;
}

/** Every student the Students page lists (not the hidden ones), each a one-person team, in the page's order. */
export async function rosterEntries(db: Database): Promise<DomjudgeTeamEntry[]> {
  const rows = await db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(eq(students.hidden, false))
    .orderBy(asc(students.batch), asc(students.name), asc(students.id));
  const numbers = rosterNumbers(rows.map((row) => row.id));
  return rows.map((row) => ({ id: numbers.get(row.id) ?? "", name: row.name, members: [row.name] }));
}

/** Each confirmed registration of the event as a team, numbered by its arrival (unique across all events). */
export async function eventTeamEntries(db: Database, eventId: string): Promise<DomjudgeTeamEntry[]> {
  if (!UUID_PATTERN.test(eventId)) return [];
  const [arrivals, summaries] = await Promise.all([
    db
      .select({ id: registrations.id, arrival: registrations.arrival })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.status, "confirmed"))),
    listRegistrations(db, eventId),
  ]);
  const numberOf = new Map(arrivals.map((row) => [row.id, String(row.arrival)]));
  return summaries.flatMap((registration) => {
    const id = numberOf.get(registration.id);
    if (registration.status !== "confirmed" || !id) return [];
    const members = registration.people.map((person) => person.name);
    return [{ id, name: registration.teamName ?? members.join(", "), members }];
  });
}
