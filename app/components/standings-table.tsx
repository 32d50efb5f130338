import { Link } from "react-router";
import { memberPath } from "~/features/members/members";
import type { Scoring, StandingsCell, StandingsProblem } from "~/features/standings/standings";
import type { Formatters } from "~/i18n/format";
import { type Translate, useFormat, useT } from "~/i18n/react";

/** A leaderboard's line, with the member profiles its people were matched to. */
export interface LeaderboardRow {
  id: string;
  rank: number | null;
  name: string;
  solved: number;
  penalty: number | null;
  score: number | null;
  cells: Record<string, StandingsCell>;
  awards: string[];
  members: { name: string; slug: string | null }[];
}

// Below 640 px a row is a card: its facts labelled, its problems a line of chips.
export const rowClass =
  "mb-3 block rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0 sm:shadow-none";
export const cellClass = "block py-0.5 sm:table-cell sm:px-3 sm:py-2 sm:align-middle";
export const labelledCellClass = `${cellClass} before:mr-2 before:font-semibold before:text-navy-900 before:content-[attr(data-label)] sm:before:content-none`;
export const problemCellClass =
  "mr-1 mt-1 inline-block sm:m-0 sm:table-cell sm:px-1 sm:py-2 sm:text-center sm:align-middle";

/** A standings table's header row (hidden on phones, where each row is a labelled card). */
export function StandingsHead({
  problems,
  totalHeader,
}: {
  problems: readonly Pick<StandingsProblem, "label" | "name">[];
  totalHeader: string;
}) {
  const t = useT();
  return (
    <thead className="hidden bg-slate-100 text-navy-900 sm:table-header-group">
      <tr>
        <th scope="col" className="px-3 py-3">
          {t("people.standings.rank")}
        </th>
        <th scope="col" className="px-3 py-3">
          {t("people.standings.who")}
        </th>
        <th scope="col" className="px-3 py-3">
          {t("people.standings.solved")}
        </th>
        <th scope="col" className="px-3 py-3">
          {totalHeader}
        </th>
        {problems.map((problem) => (
          <th key={problem.label} scope="col" className="px-1 py-3 text-center" title={problem.name}>
            <abbr title={problem.name} className="no-underline">
              {problem.label}
            </abbr>
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A contest's standings: rank, who, solved, penalty or score, each problem, awards. */
export function StandingsTable({
  scoring,
  problems,
  rows,
}: {
  scoring: Scoring;
  problems: readonly StandingsProblem[];
  rows: readonly LeaderboardRow[];
}) {
  const t = useT();
  const format = useFormat();
  const totalHeader = scoring === "icpc" ? t("people.standings.penalty") : t("people.standings.score");
  return (
    <div className="sm:card sm:overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("people.standings.caption")}</caption>
        <StandingsHead problems={problems} totalHeader={totalHeader} />
        <tbody className="block sm:table-row-group">
          {rows.map((row) => (
            <tr key={row.id} className={rowClass}>
              <td data-label={t("people.standings.rank")} className={`${labelledCellClass} font-bold text-navy-900`}>
                {row.rank === null ? "–" : format.number(row.rank)}
              </td>
              <td className={`${cellClass} font-semibold text-slate-900`}>
                <Participant row={row} />
              </td>
              <td data-label={t("people.standings.solved")} className={labelledCellClass}>
                {format.number(row.solved)}
              </td>
              <td data-label={totalHeader} className={labelledCellClass}>
                {numberOrNothing(format, scoring === "icpc" ? row.penalty : row.score)}
              </td>
              {problems.map((problem) => (
                <td key={problem.label} className={problemCellClass}>
                  <ProblemCell
                    label={problem.label}
                    cell={row.cells[problem.label]}
                    scoring={scoring}
                    t={t}
                    format={format}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Participant({ row }: { row: LeaderboardRow }) {
  const linked = row.members.filter((member) => member.slug);
  return (
    <>
      <span className="block">{row.name}</span>
      {linked.length > 0 && (
        <span className="block text-xs font-normal">
          {linked.map((member, index) => (
            <span key={member.slug}>
              {index > 0 && ", "}
              <Link to={memberPath(member.slug ?? "")} className="text-navy-700 underline">
                {member.name}
              </Link>
            </span>
          ))}
        </span>
      )}
      {row.awards.length > 0 && (
        <span className="mt-1 block text-xs font-semibold text-amber-800">{row.awards.join(" · ")}</span>
      )}
    </>
  );
}

/** One problem: solved (minutes, tries; the first to solve marked), tried, or nothing. Read aloud as one sentence. */
function ProblemCell({
  label,
  cell,
  scoring,
  t,
  format,
}: {
  label: string;
  cell?: StandingsCell;
  scoring: Scoring;
  t: Translate;
  format: Formatters;
}) {
  if (!cell || cell.attempts === 0) {
    return (
      <>
        <span aria-hidden="true" className="text-slate-400 max-sm:hidden">
          ·
        </span>
        <span className="sr-only">{t("people.standings.notTried", { label })}</span>
      </>
    );
  }
  const tries = t("people.standings.tries", { count: cell.attempts });
  if (!cell.solved) {
    return (
      <>
        <span aria-hidden="true" className="inline-block rounded bg-red-50 px-1.5 py-0.5 text-red-800">
          <span className="sm:hidden">{label} </span>−{format.number(cell.attempts)}
        </span>
        <span className="sr-only">{t("people.standings.failed", { label, tries })}</span>
      </>
    );
  }
  const shown =
    scoring === "score" && cell.score !== null
      ? format.number(cell.score)
      : `${cell.minutes === null ? "" : format.number(cell.minutes)}′`;
  // "Dark green: solved first" in both themes, at least 3:1 from a plain solve's green (the dark
  // theme's solve is a brighter green under dark ink), and marked with a star: colour is not the only cue.
  const colours = cell.firstToSolve
    ? "bg-green-800 text-white dark:bg-green-950 dark:text-green-900"
    : "bg-green-100 text-green-900 dark:bg-[#16a34a] dark:text-[#021008]";
  return (
    <>
      <span
        aria-hidden="true"
        data-first-to-solve={cell.firstToSolve || undefined}
        className={`inline-block rounded px-1.5 py-0.5 ${colours}`}
      >
        <span className="sm:hidden">{label} </span>
        {cell.firstToSolve && "★ "}
        {shown}
        <span className="block text-[0.7rem] leading-none">{format.number(cell.attempts)}</span>
      </span>
      <span className="sr-only">
        {t(cell.firstToSolve ? "people.standings.solvedFirst" : "people.standings.solvedCell", { label, shown, tries })}
      </span>
    </>
  );
}

/** A line's penalty or score; a line the file gives none shows a blank cell. */
function numberOrNothing(format: Formatters, value: number | null): string {
  return value === null ? "" : format.number(value);
}
