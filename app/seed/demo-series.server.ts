import { clubTimeZoneIn } from "~/core/settings.server";
import type { Database } from "~/db/client.server";
import { eventInput } from "~/features/events/events";
import { addDays } from "~/features/events/recurrence";
import { seriesRuleInput } from "~/features/events/series";
import { createSeries, editOccurrence, occurrencesOf } from "~/features/events/series.server";
import { todayIn } from "~/lib/format";

/** The demo's weekly practice: a series, so the demo shows one occurrence cancelled and one moved. */
export const DEMO_PRACTICE_NAME = "Weekly Practice Session";

/**
 * A weekly practice session on Thursdays at 16:00 that began four weeks ago (its past occurrences
 * are there for attendance), with next-but-one week's called off and the week after that moved
 * an hour later to another room. Dated from today, so it is made on the installing machine.
 */
export async function seedDemoSeries(db: Database, now = new Date()): Promise<void> {
  const timeZone = await clubTimeZoneIn(db);
  const firstDay = addDays(todayIn(timeZone, now), -28);
  const template = eventInput.parse({
    eventType: "WorkShop",
    name: DEMO_PRACTICE_NAME,
    starts_on: firstDay,
    starts_at: "16:00",
    problem_number: 0,
    contest_duration: "2 hours",
    details:
      "Our weekly practice: a short talk on one topic, then problems on it in pairs. Bring a laptop; no registration needed.",
    venue: "CSE Lab 1, Academic Building",
  });
  const { seriesId } = await createSeries(db, template, seriesRuleInput.parse({ repeat: "weekly", weekdays: "4" }), {
    now,
  });
  const today = todayIn(timeZone, now);
  const upcoming = (await occurrencesOf(db, seriesId)).filter((row) => (row.startsOn ?? "") >= today);
  const [, cancelled, moved] = upcoming;
  if (!cancelled || !moved) return;
  const own = (row: typeof cancelled) => ({ ...template, starts_on: row.startsOn, starts_at: row.startsAt });
  await editOccurrence(db, cancelled.id, { ...own(cancelled), status: "cancelled" }, "this");
  await editOccurrence(db, moved.id, { ...own(moved), starts_at: "17:00", venue: "Seminar Room 204" }, "this");
}
