import { eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { judgePace } from "~/db/schema";
import type { JudgeCaller } from "./practice";

/** The judge refused (429), is busy (503) or down (5xx, no answer): the sync stops and waits. */
export class JudgeUnavailableError extends Error {}

/** First wait after the judge refused or was down; it doubles with each failure in a row, up to a day. */
const FIRST_BACKOFF_MS = 60_000;
const LONGEST_BACKOFF_MS = 24 * 3_600_000;
/** A call the judge doesn't answer in this long counts as the judge being down. */
const CALL_TIMEOUT_MS = 30_000;

export interface JudgeCallContext {
  db: Database;
  /** Milliseconds between two calls to this judge, across every process. */
  spacingMs: number;
  fetch?: typeof fetch;
}

/**
 * Reserves the next moment this judge may be called, in one statement, so callers in every
 * process share the pace: each gets a slot `spacingMs` after the one before, and none before the
 * backoff after a refusal ends. Answers the slot's time.
 */
export async function reserveJudgeCall(db: Database, judge: JudgeCaller, spacingMs: number): Promise<Date> {
  const [row] = await selectRows<{ slot: string | Date }>(
    db,
    sql`update ${judgePace}
           set next_slot_at = greatest(next_slot_at, now(), coalesce(backoff_until, now()))
                              + ${spacingMs} * interval '1 millisecond',
               calls = calls + 1
         where judge = ${judge}
     returning next_slot_at - ${spacingMs} * interval '1 millisecond' as slot`,
  );
  return row ? new Date(row.slot) : new Date();
}

/** When the judge may be called again after refusing; null: it may be called now. */
export async function judgeBackoffUntil(db: Database, judge: JudgeCaller): Promise<Date | null> {
  const [row] = await db.select({ until: judgePace.backoffUntil }).from(judgePace).where(eq(judgePace.judge, judge));
  return row?.until && row.until > new Date() ? row.until : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One call to a judge's API at its pace: waits for the reserved slot, then fetches. A 429, a
 * 503, another 5xx or no answer records a failure (the next calls wait, doubling) and throws
 * JudgeUnavailableError; any other answer resets the failures and is returned to be read.
 */
export async function callJudge(context: JudgeCallContext, judge: JudgeCaller, url: string): Promise<Response> {
  const slot = await reserveJudgeCall(context.db, judge, context.spacingMs);
  await sleep(slot.getTime() - Date.now());
  let response: Response;
  try {
    response = await (context.fetch ?? fetch)(url, {
      headers: { Accept: "application/json", "Accept-Encoding": "gzip" },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const message = `${url}: no answer (${error instanceof Error ? error.message : String(error)})`;
    await recordJudgeFailure(context.db, judge, message);
    throw new JudgeUnavailableError(message);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    const message = `${url}: HTTP ${response.status}`;
    await recordJudgeFailure(context.db, judge, message);
    throw new JudgeUnavailableError(message);
  }
  return response;
}

export async function recordJudgeSuccess(db: Database, judge: JudgeCaller) {
  await db
    .update(judgePace)
    .set({ failures: 0, backoffUntil: null, lastSuccessAt: new Date() })
    .where(eq(judgePace.judge, judge));
}

/** A failure in a row: the judge is left alone for a minute, then two, four… up to a day. */
export async function recordJudgeFailure(db: Database, judge: JudgeCaller, message: string) {
  await db.execute(sql`
    update ${judgePace}
       set failures = failures + 1,
           backoff_until = now() + least(${FIRST_BACKOFF_MS} * power(2, least(failures, 20)), ${LONGEST_BACKOFF_MS})
                                   * interval '1 millisecond',
           last_error = ${message.slice(0, 500)},
           last_error_at = now()
     where judge = ${judge}`);
}

/** A judge's answer that isn't what its API documents: noted on the dashboard, the sync goes on. */
export async function recordJudgeError(db: Database, judge: JudgeCaller, message: string) {
  await db
    .update(judgePace)
    .set({ lastError: message.slice(0, 500), lastErrorAt: new Date() })
    .where(eq(judgePace.judge, judge));
}
