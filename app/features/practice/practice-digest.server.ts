import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { JUDGE_NAMES, type PracticeJudge, signed } from "./practice";

/** Leaders named in the digest. */
const LEADERS = 5;
/** Rating changes listed in the digest; the rest are counted. */
const CHANGES = 15;
const WEEK_MS = 7 * 86_400_000;

export interface PracticeWeek {
  leaders: { name: string; solved: number }[];
  changes: { name: string; judge: PracticeJudge; contestName: string; oldRating: number; newRating: number }[];
  /** Rating changes past the ones listed. */
  moreChanges: number;
}

/**
 * The seven days before `now` of the club's practice: the members who first solved the most
 * problems (every judge), and the members' rating changes, newest first. Hidden members are left
 * out, as on `/practice`.
 */
export async function practiceWeek(db: Database, now: Date): Promise<PracticeWeek> {
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const until = now.toISOString();
  const [leaders, changes] = await Promise.all([
    selectRows<{ name: string; solved: number }>(
      db,
      sql`select s.name, count(*)::int as solved
            from judge_solves j join students s on s.id = j.student_id
           where j.solved_at > ${since}::timestamptz and j.solved_at <= ${until}::timestamptz and not s.hidden
           group by s.id, s.name
           order by solved desc, s.name
           limit ${LEADERS}`,
    ),
    selectRows<PracticeWeek["changes"][number] & { total: number }>(
      db,
      sql`select s.name, r.judge, r.contest_name as "contestName", r.old_rating as "oldRating",
                 r.new_rating as "newRating", count(*) over ()::int as total
            from judge_rating_changes r join students s on s.id = r.student_id
           where r.at > ${since}::timestamptz and r.at <= ${until}::timestamptz and not s.hidden
           order by r.at desc, s.name
           limit ${CHANGES}`,
    ),
  ]);
  return {
    leaders: leaders.map((leader) => ({ name: leader.name, solved: Number(leader.solved) })),
    changes: changes.map(({ total: _total, ...change }) => change),
    moreChanges: Math.max(0, Number(changes[0]?.total ?? 0) - changes.length),
  };
}

/** The digest's practice sections in `locale`: the leaders and the rating changes, each only when there are some. */
export function practiceDigestSections(week: PracticeWeek, locale: Locale, baseUrl: string) {
  const { t, format } = translatorOf(locale);
  const link = { label: t("mail.digest.practiceLink"), url: `${baseUrl}/practice` };
  const sections = [];
  if (week.leaders.length > 0) {
    sections.push({
      heading: t("mail.digest.leaders"),
      lines: week.leaders.map((leader, index) =>
        t("mail.digest.leader", { place: format.number(index + 1), name: leader.name, solved: leader.solved }),
      ),
      link,
    });
  }
  if (week.changes.length > 0) {
    const lines = week.changes.map((change) =>
      t("mail.digest.ratingChange", {
        name: change.name,
        judge: JUDGE_NAMES[change.judge],
        contest: change.contestName,
        oldRating: format.number(change.oldRating),
        newRating: format.number(change.newRating),
        change: signed(change.newRating - change.oldRating),
      }),
    );
    if (week.moreChanges > 0) lines.push(t("mail.digest.moreChanges", { count: week.moreChanges }));
    sections.push({ heading: t("mail.digest.ratingChanges"), lines, link });
  }
  return sections;
}
