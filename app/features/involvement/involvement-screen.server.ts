import type { AppContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import { todayIn } from "~/lib/format";
import { type InvolvementRow, sortInvolvement, type Term } from "./involvement";
import {
  batchesOf,
  findStudentOfAccount,
  involvementOf,
  involvementRulesOf,
  listInvolvement,
  termOfQuery,
  termsToOffer,
} from "./involvement.server";

export interface InvolvementTable {
  term: Term;
  terms: Term[];
  batch: number | null;
  batches: number[];
  sort: string;
  rows: InvolvementRow[];
}

const BATCH = /^\d{1,4}$/;
const SORT = /^-?[a-z]{1,20}$/;

/**
 * What `/dashboard/involvement` and its CSV show, as the address says: `?term=` (a day of the
 * term; the current one when absent), `?batch=`, `?sort=` (`-score`: highest first).
 */
export async function involvementTableOf(
  app: Pick<AppContext, "db" | "settingsCache">,
  url: URL,
): Promise<InvolvementTable> {
  const params = url.searchParams;
  const settings = await readSiteSettings(app);
  const rules = involvementRulesOf(settings);
  const today = todayIn(settings.timeZone);
  const term = termOfQuery(params.get("term"), today, rules);
  const all = await listInvolvement(app.db, { term, weights: rules.weights });
  const batchText = params.get("batch") ?? "";
  const batch = BATCH.test(batchText) ? Number(batchText) : null;
  const sortText = params.get("sort") ?? "";
  const sort = SORT.test(sortText) ? sortText : "";
  const rows = batch === null ? all : all.filter((row) => row.batch === batch);
  return {
    term,
    terms: termsToOffer(today, rules),
    batch,
    batches: batchesOf(all),
    sort,
    rows: sortInvolvement(rows, sort),
  };
}

export interface MemberInvolvement {
  term: Term;
  row: InvolvementRow;
  /** The member agreed to show it on their public page. */
  shown: boolean;
}

/** The signed-in member's involvement this term, for their dashboard; undefined without a member record. */
export async function memberInvolvementOf(
  app: Pick<AppContext, "db" | "settingsCache">,
  userId: string,
): Promise<MemberInvolvement | undefined> {
  const student = await findStudentOfAccount(app.db, userId);
  if (!student) return undefined;
  const settings = await readSiteSettings(app);
  const rules = involvementRulesOf(settings);
  const term = termOfQuery(null, todayIn(settings.timeZone), rules);
  const row = await involvementOf(app.db, { term, weights: rules.weights, studentId: student.id });
  return row && { term, row, shown: student.involvementPublic };
}

/** A member's involvement this term for their public page, when they agreed to show it. */
export async function publicInvolvementOf(
  app: Pick<AppContext, "db" | "settingsCache">,
  student: { id: string; involvementPublic: boolean },
): Promise<{ term: Term; row: InvolvementRow } | undefined> {
  if (!student.involvementPublic) return undefined;
  const settings = await readSiteSettings(app);
  const rules = involvementRulesOf(settings);
  const term = termOfQuery(null, todayIn(settings.timeZone), rules);
  const row = await involvementOf(app.db, { term, weights: rules.weights, studentId: student.id });
  return row && { term, row };
}
