import { useClubTimeZone } from "~/components/use-club-time-zone";
import {
  judgeRank,
  judgeRankBands,
  type MemberPractice,
  type PracticeJudge,
  type RatingPoint,
} from "~/features/practice/practice";
import { useFormat, useT } from "~/i18n/react";

const JUDGE_NAMES: Record<PracticeJudge, string> = { codeforces: "Codeforces", atcoder: "AtCoder" };

/**
 * A member's practice on their page: each judge's current and best rating in the judge's rank
 * colours, when it was read, the rating chart (an SVG drawn here, no script) with the same
 * history as a table, and the problems solved in each of the last 12 weeks.
 */
export function MemberPracticeSection({ practice, hasCodechef }: { practice: MemberPractice; hasCodechef: boolean }) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  if (practice.accounts.length === 0) return null;
  const busiest = Math.max(1, ...practice.weeks.map((week) => week.solved));
  return (
    <section aria-labelledby="member-practice" className="flex flex-col gap-4">
      <h2 id="member-practice" className="text-xl font-bold text-navy-900">
        {t("people.practice.title")}
      </h2>
      {practice.accounts.map((account) => {
        const judge = JUDGE_NAMES[account.judge];
        const history = practice.history[account.judge] ?? [];
        return (
          <div key={account.judge} className="flex flex-col gap-2">
            <h3 className="font-semibold text-navy-900">{`${judge}: ${account.handle}`}</h3>
            {account.status === "not-found" ? (
              <p className="text-slate-700">{t("people.practice.notFound", { judge, handle: account.handle })}</p>
            ) : account.status === "pending" ? (
              <p className="text-slate-700">{t("people.practice.pending")}</p>
            ) : (
              <RatingLine judge={account.judge} rating={account.rating} best={account.maxRating} />
            )}
            {account.readAt && (
              <p className="text-sm text-slate-600">
                {t("people.practice.readAt", { time: format.dateTime(account.readAt, timeZone) })}
              </p>
            )}
            {history.length > 0 && <RatingChart judge={account.judge} history={history} />}
          </div>
        );
      })}
      <div>
        <h3 className="font-semibold text-navy-900">{t("people.practice.weeks")}</h3>
        {/* One row a week: its date, a bar, the count; readable at any width, the sentence for screen readers. */}
        <ol className="mt-2 flex flex-col gap-1" aria-label={t("people.practice.weeks")}>
          {practice.weeks.map((week) => (
            <li key={week.start} className="grid grid-cols-[10rem_1fr_2.5rem] items-center gap-2 text-sm">
              <span aria-hidden="true" className="whitespace-nowrap text-slate-700">
                {format.date(week.start.slice(0, 10))}
              </span>
              <span aria-hidden="true" className="h-3 rounded bg-slate-100">
                <span
                  className="block h-full rounded bg-navy-700"
                  style={{ width: `${(week.solved / busiest) * 100}%`, minWidth: week.solved > 0 ? "2px" : 0 }}
                />
              </span>
              <span aria-hidden="true" className="text-right font-semibold text-slate-900">
                {format.number(week.solved)}
              </span>
              <span className="sr-only">
                {t("people.practice.week", {
                  date: format.date(week.start.slice(0, 10)),
                  count: week.solved,
                })}
              </span>
            </li>
          ))}
        </ol>
      </div>
      {hasCodechef && <p className="text-sm text-slate-600">{t("people.practice.noCodechef")}</p>}
    </section>
  );
}

function RatingLine({ judge, rating, best }: { judge: PracticeJudge; rating: number | null; best: number | null }) {
  const t = useT();
  const format = useFormat();
  if (rating === null) return <p className="text-slate-700">{t("people.practice.unrated")}</p>;
  const now = judgeRank(judge, rating);
  const top = judgeRank(judge, best ?? rating);
  return (
    <p className="text-slate-800">
      {t("people.practice.rating")} <RankSwatch color={now.color} />
      <strong>{`${format.number(rating)} (${now.name})`}</strong>
      {" · "}
      {t("people.practice.best")} <RankSwatch color={top.color} />
      <strong>{`${format.number(best ?? rating)} (${top.name})`}</strong>
    </p>
  );
}

/**
 * The judge's colour of a rank, beside its name: a swatch, not coloured text (several judges'
 * colours are too light to read on the page's background, in either theme).
 */
export function RankSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="mr-1 inline-block size-3 rounded-full border border-slate-400 align-middle"
      style={{ backgroundColor: color }}
    />
  );
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = 32;

/** The rating over time as a line on the judge's rank bands; the table below says the same in words. */
export function RatingChart({ judge, history }: { judge: PracticeJudge; history: RatingPoint[] }) {
  const t = useT();
  const format = useFormat();
  const ratings = history.flatMap((point) => [point.newRating, point.oldRating || point.newRating]);
  const low = Math.max(0, Math.floor((Math.min(...ratings) - 100) / 100) * 100);
  const high = Math.ceil((Math.max(...ratings) + 100) / 100) * 100;
  const times = history.map((point) => Date.parse(point.at));
  const first = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - first);
  const x = (time: number) => PAD + ((time - first) / span) * (WIDTH - 2 * PAD);
  const y = (rating: number) => HEIGHT - PAD - ((rating - low) / (high - low)) * (HEIGHT - 2 * PAD);
  const bands = judgeRankBands(judge);
  const last = history.at(-1);
  const summary = t("people.practice.chart", {
    judge: JUDGE_NAMES[judge],
    count: history.length,
    first: history[0]?.newRating ?? 0,
    last: last?.newRating ?? 0,
  });
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full max-w-2xl rounded border border-slate-200 bg-white"
      >
        {bands.map((band, index) => {
          const top = Math.min(high, bands[index + 1]?.from ?? high);
          const bottom = Math.max(low, band.from);
          if (top <= low || bottom >= high) return null;
          return (
            <rect
              key={band.from}
              x={PAD}
              width={WIDTH - 2 * PAD}
              y={y(top)}
              height={y(bottom) - y(top)}
              fill={band.color}
              fillOpacity={0.15}
            />
          );
        })}
        {[low, Math.round((low + high) / 200) * 100, high].map((rating) => (
          <text key={rating} x={PAD - 4} y={y(rating) + 4} textAnchor="end" fontSize="10" fill="#334155">
            {rating}
          </text>
        ))}
        <polyline
          points={history
            .map((point) => `${x(Date.parse(point.at)).toFixed(1)},${y(point.newRating).toFixed(1)}`)
            .join(" ")}
          fill="none"
          stroke="#1e293b"
          strokeWidth={2}
        />
        {history.map((point) => (
          <circle
            key={point.contestId}
            cx={x(Date.parse(point.at))}
            cy={y(point.newRating)}
            r={3}
            fill={judgeRank(judge, point.newRating).color}
            stroke="#1e293b"
          />
        ))}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
      <details>
        <summary className="cursor-pointer text-sm text-navy-700 underline">{t("people.practice.table")}</summary>
        <div className="overflow-x-auto">
          <table className="mt-2 min-w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  {t("people.practice.contest")}
                </th>
                <th scope="col" className="pr-3">
                  {t("people.practice.date")}
                </th>
                <th scope="col" className="pr-3">
                  {t("people.practice.place")}
                </th>
                <th scope="col" className="pr-3">
                  {t("people.practice.newRating")}
                </th>
                <th scope="col">{t("people.practice.change")}</th>
              </tr>
            </thead>
            <tbody>
              {[...history].reverse().map((point) => (
                <tr key={point.contestId}>
                  <td className="pr-3">{point.contestName}</td>
                  <td className="pr-3">{format.date(point.at.slice(0, 10))}</td>
                  <td className="pr-3">{format.number(point.rank)}</td>
                  <td className="pr-3">{format.number(point.newRating)}</td>
                  <td>
                    {point.newRating >= point.oldRating ? "+" : "−"}
                    {format.number(Math.abs(point.newRating - point.oldRating))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
