/**
 * A member's involvement in a term, the browser-safe part: the terms, the weights and the sort.
 *
 * A term runs from one of the club's term start days (a setting: month and day, e.g. 01-01 and
 * 07-01: two terms a year) to the day before the next. What counts in a term: sessions attended
 * (occurrences of a recurring event), other events attended, contests taken part in (standings
 * rows matched to the member), and roles held: on the executive panel that serves in the term
 * (a panel "2025-2026" serves 1 July 2025 to 30 June 2026) and as an event's volunteer.
 */

export interface InvolvementWeights {
  session: number;
  event: number;
  contest: number;
  executive: number;
  volunteer: number;
}

export interface InvolvementCounts {
  sessions: number;
  events: number;
  contests: number;
  /** 1 when on a panel serving in the term. */
  executive: number;
  volunteered: number;
}

export interface InvolvementRow extends InvolvementCounts {
  _id: string;
  name: string;
  slug: string;
  batch: number | null;
  /** Roles held: the panel and each event volunteered at. */
  roles: number;
  score: number;
}

/** A term: its first day and the day after its last (`YYYY-MM-DD`). */
export interface Term {
  from: string;
  until: string;
}

export function scoreOf(counts: InvolvementCounts, weights: InvolvementWeights): number {
  return (
    counts.sessions * weights.session +
    counts.events * weights.event +
    counts.contests * weights.contest +
    counts.executive * weights.executive +
    counts.volunteered * weights.volunteer
  );
}

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "01-01, 07-01" as its month-days, in the year's order; undefined when one is no day. */
export function parseTermStarts(text: string): string[] | undefined {
  const days = text
    .split(/[\s,]+/)
    .map((day) => day.trim())
    .filter(Boolean);
  if (days.length === 0 || days.length > 12 || !days.every((day) => MONTH_DAY.test(day))) return undefined;
  return [...new Set(days)].sort();
}

/** Every term start from the year before `year` to the year after, in order. */
function startsAround(year: number, monthDays: string[]): string[] {
  return [year - 1, year, year + 1].flatMap((y) => monthDays.map((monthDay) => `${y}-${monthDay}`));
}

/** The term a day (`YYYY-MM-DD`) falls in. */
export function termOf(day: string, monthDays: string[]): Term {
  const starts = startsAround(Number(day.slice(0, 4)), monthDays);
  const index = starts.findLastIndex((start) => start <= day);
  return { from: starts[index] ?? day, until: starts[index + 1] ?? day };
}

/** The term holding `today` and the `count - 1` before it, newest first. */
export function recentTerms(today: string, monthDays: string[], count: number): Term[] {
  const terms: Term[] = [];
  let day = today;
  for (let i = 0; i < count; i++) {
    const term = termOf(day, monthDays);
    terms.push(term);
    day = previousDay(term.from);
  }
  return terms;
}

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The term's last day. */
export const lastDayOf = (term: Term) => previousDay(term.until);

export const INVOLVEMENT_SORTS = ["name", "batch", "sessions", "events", "contests", "roles", "score"] as const;
type SortKey = (typeof INVOLVEMENT_SORTS)[number];

const isSortKey = (key: string): key is SortKey => (INVOLVEMENT_SORTS as readonly string[]).includes(key);

/** The table in the order `sort` asks (`-score`: highest first; unknown or empty: highest score first). */
export function sortInvolvement(rows: InvolvementRow[], sort: string): InvolvementRow[] {
  const key = sort.replace(/^-/, "");
  const known = isSortKey(key);
  const column: SortKey = known ? key : "score";
  const direction = !known || sort.startsWith("-") ? -1 : 1;
  const value = (row: InvolvementRow) => (column === "name" ? row.name : (row[column] ?? -1));
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = typeof x === "string" ? x.localeCompare(String(y)) : x - Number(y);
    return order * direction || a.name.localeCompare(b.name);
  });
}
