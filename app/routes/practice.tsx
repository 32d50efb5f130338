import { Link } from "react-router";
import { BatchFilterForm } from "~/components/batch-filter-form";
import { RankSwatch } from "~/components/member-practice";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/core/context";
import { PRACTICE_JUDGES } from "~/db/enums";
import { memberPath } from "~/features/members/members";
import { practiceBoard } from "~/features/practice/leaderboard.server";
import { boardQuery, judgeRank, PRACTICE_PERIODS, type PracticePeriod } from "~/features/practice/practice";
import type { MessageKey } from "~/i18n/catalogs";
import { useFormat, useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/practice";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: ({ t }) => t("people.board.title"),
    description: ({ t }) => t("people.board.description"),
    path: "/practice",
  });
}

const JUDGE_NAMES = { codeforces: "Codeforces", atcoder: "AtCoder" } as const;

const PERIOD_LABELS: Record<PracticePeriod, MessageKey> = {
  week: "people.board.week",
  month: "people.board.month",
  term: "people.board.term",
};

/** `/practice`: the club's practice leaderboard (week, month, term; a batch) and the rating leaderboards. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const query = boardQuery(url);
  return app.contentCache.read(`practice:${query.period}:${query.batch ?? ""}`, () => practiceBoard(app.db, query));
}

export default function Practice({ loaderData: board }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const filterTexts = {
    batch: t("people.filter.batch"),
    everyBatch: t("people.filter.everyBatch"),
    show: t("people.filter.show"),
  };
  const csv = `/practice.csv?period=${board.period}${board.batch === null ? "" : `&batch=${board.batch}`}`;
  return (
    <>
      <PageHeader eyebrow={t("people.board.eyebrow")} title={t("people.board.title")}>
        <p>{t("people.board.description")}</p>
      </PageHeader>
      <div className="container-page flex flex-col gap-6 py-8">
        <BatchFilterForm
          id="practice-batch"
          batch={board.batch === null ? "" : String(board.batch)}
          batches={board.batches}
          texts={filterTexts}
          after={
            <a href={csv} className="btn border border-slate-300" download>
              {t("people.board.csv")}
            </a>
          }
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="practice-period" className="text-sm font-medium text-slate-800">
              {t("people.board.period")}
            </label>
            <select
              id="practice-period"
              name="period"
              defaultValue={board.period}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
            >
              {PRACTICE_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(PERIOD_LABELS[period])}
                </option>
              ))}
            </select>
          </div>
        </BatchFilterForm>
        <section aria-labelledby="practice-solved" className="flex flex-col gap-2">
          <h2 id="practice-solved" className="text-xl font-bold text-navy-900">
            {t("people.board.solvedTitle", { period: t(PERIOD_LABELS[board.period]) })}
          </h2>
          <p className="text-sm text-slate-600">{t("people.board.scoreRule")}</p>
          {board.lines.length === 0 ? (
            <p className="text-slate-700">{t("people.board.empty")}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {board.lines.map((line) => (
                <li key={line.studentId} className="card flex flex-wrap items-baseline gap-x-4 gap-y-1 p-3">
                  <span className="w-10 text-lg font-bold text-navy-900">{format.number(line.rank)}</span>
                  <Link to={memberPath(line.slug)} className="min-w-40 flex-1 font-semibold text-navy-700 underline">
                    {line.name}
                  </Link>
                  <span className="font-semibold text-slate-900">
                    {t("people.board.solved", { count: line.solved })}
                  </span>
                  <span className="text-slate-700">
                    {t("people.board.score", { score: format.number(line.score) })}
                  </span>
                  {line.batch !== null && (
                    <span className="text-sm text-slate-600">
                      {t("people.ranking.batch", { batch: format.number(line.batch) })}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="practice-ratings" className="flex flex-col gap-2">
          <h2 id="practice-ratings" className="text-xl font-bold text-navy-900">
            {t("people.board.ratingsTitle")}
          </h2>
          {board.ratings.length === 0 ? (
            <p className="text-slate-700">{t("people.board.noRatings")}</p>
          ) : (
            // One list per judge, under its name: each judge's ratings are ranked on their own.
            PRACTICE_JUDGES.map((judge) => {
              const lines = board.ratings.filter((line) => line.judge === judge);
              if (lines.length === 0) return null;
              return (
                <div key={judge} className="flex flex-col gap-2">
                  <h3 className="font-semibold text-navy-900">{JUDGE_NAMES[judge]}</h3>
                  <ol className="flex flex-col gap-2">
                    {lines.map((line) => {
                      const rank = judgeRank(line.judge, line.rating);
                      return (
                        <li key={line.studentId} className="card flex flex-wrap items-baseline gap-x-4 gap-y-1 p-3">
                          <span className="w-10 text-lg font-bold text-navy-900">{format.number(line.rank)}</span>
                          <Link
                            to={memberPath(line.slug)}
                            className="min-w-40 flex-1 font-semibold text-navy-700 underline"
                          >
                            {line.name}
                          </Link>
                          <span className="text-slate-700">{line.handle}</span>
                          <span>
                            <RankSwatch color={rank.color} />
                            <strong>{`${format.number(line.rating)} (${rank.name})`}</strong>
                          </span>
                        </li>
                      );
                    })}
                  </ol>
                </div>
              );
            })
          )}
        </section>
      </div>
    </>
  );
}
