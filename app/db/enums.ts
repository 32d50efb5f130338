/**
 * The value lists the tables' enum columns take. The domain owns their meaning (and re-exports
 * them where it explains them); they live here so the schema imports nothing from above it.
 */

/**
 * A draft (and an event scheduled to be published later) is seen by admins and editors only; a
 * cancelled event keeps its page, saying so.
 */
export const EVENT_STATUSES = ["draft", "published", "scheduled", "cancelled"] as const;

/** A registration holds a place (`pending`: a team waiting for teammates; `confirmed`), waits for one, or was cancelled. */
export const REGISTRATION_STATUSES = ["pending", "confirmed", "waitlisted", "cancelled"] as const;

/**
 * When an item of notices, events, results or recent events reaches visitors: now, never until
 * an admin or editor says so (a draft), or at `publish_at` (the publisher job publishes it then).
 */
export const PUBLISHING_CHOICES = ["published", "draft", "scheduled"] as const;

/** The files standings are read from. */
export const STANDINGS_FORMATS = [
  "clics",
  "domjudge-results",
  "icpc-scoreboard",
  "codeforces",
  "vjudge",
  "csv",
] as const;

/**
 * How a live contest is followed: a CLICS Contest API's event feed (streamed, resumed by token),
 * its `scoreboard` endpoint polled (a CCS that doesn't stream), or the standings of a Codeforces
 * contest or gym (`contest.standings`) or of a vjudge contest (its rank JSON), polled.
 */
export const LIVE_CONTEST_SOURCES = ["clics-feed", "clics-scoreboard", "codeforces", "vjudge"] as const;

/**
 * A live contest is followed, replayed from its recording (the background job plays the stored
 * feed at the admin's speed), paused by an admin, or finalized (its standings published).
 */
export const LIVE_CONTEST_STATUSES = ["following", "replaying", "paused", "finalized"] as const;

/**
 * The judges members' practice is read from (CodeChef has no public API). `atcoder-problems` is
 * the community AtCoder Problems API, paced apart from AtCoder's own site.
 */
export const PRACTICE_JUDGES = ["codeforces", "atcoder"] as const;
export const JUDGE_CALLERS = ["codeforces", "atcoder", "atcoder-problems"] as const;

/** A member's handle on a judge: read, waiting for its first read, or unknown to the judge (not read again until it changes). */
export const JUDGE_ACCOUNT_STATUSES = ["pending", "ok", "not-found"] as const;

/** How a recurring event's rule repeats (event_series.frequency). */
export const SERIES_FREQUENCIES = ["weekly", "monthly"] as const;
