import { awardText, contestClock, type LiveBoard, type LiveCell } from "~/features/live-contests/live-contests";
import type { Formatters } from "~/i18n/format";
import { type Translate, useFormat, useT } from "~/i18n/react";
import { cellClass, labelledCellClass, problemCellClass, rowClass, StandingsHead } from "./standings-table";

/**
 * A live contest's board: what the page renders first and what each update replaces (rendered
 * on the server for both, so the browser's script only swaps it in). Each row carries its team
 * (`data-team`) for the script to move it visibly when its rank changes.
 */
/** `timeZone`: the club's clocks; a prop, as the update stream renders boards outside any page. */
export function LiveStandings({ board, timeZone }: { board: LiveBoard; timeZone: string }) {
  const t = useT();
  const format = useFormat();
  const times = [
    board.phase === "before" &&
      board.startsAt &&
      t("people.live.startsAt", { time: format.dateTime(board.startsAt, timeZone) }),
    board.phase === "running" &&
      board.freezesAt &&
      t("people.live.freezesAt", { time: format.dateTime(board.freezesAt, timeZone) }),
    (board.phase === "running" || board.phase === "frozen") &&
      board.endsAt &&
      t("people.live.endsAt", { time: format.dateTime(board.endsAt, timeZone) }),
  ].filter(Boolean);
  return (
    <>
      <p className="font-medium text-navy-900" data-phase={board.phase}>
        {t(`people.live.phase.${board.phase}`)}
        {times.length > 0 && <span className="block text-sm font-normal text-slate-700">{times.join(" · ")}</span>}
      </p>
      {board.publishedPath && (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-green-900" data-published="">
          {t("people.live.publishedNote")}{" "}
          <a href={board.publishedPath} className="font-semibold underline">
            {t("people.live.publishedLink")}
          </a>
        </p>
      )}
      {board.reveal && (
        <p className="text-sm font-semibold text-navy-900" data-reveal-step={board.reveal.step}>
          {t("people.live.revealStep", { step: board.reveal.step, steps: board.reveal.steps })}
        </p>
      )}
      {board.reveal?.award && <AwardCard award={board.reveal.award} />}
      {board.balloons.length > 0 && (
        <p className="rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-950" data-balloons="">
          {t("people.live.balloons")}:{" "}
          {board.balloons
            .map((balloon) =>
              t("people.live.balloon", {
                team: balloon.team,
                label: balloon.label,
                time: contestClock(balloon.minutes),
              }),
            )
            .join(" · ")}
        </p>
      )}
      {board.rows.length === 0 ? (
        <p>{t("people.live.empty")}</p>
      ) : (
        <section
          className="sm:card sm:overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls the table where it is wider than its frame (the dashboard)
          tabIndex={0}
          aria-label={t("people.standings.caption")}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("people.standings.caption")}</caption>
            <StandingsHead problems={board.problems} totalHeader={t("people.standings.penalty")} />
            <tbody className="block sm:table-row-group">
              {board.rows.map((row) => (
                <tr
                  key={row.teamId}
                  data-team={row.teamId}
                  data-resolving={board.reveal?.teamId === row.teamId || undefined}
                  className={`${rowClass} ${board.reveal?.teamId === row.teamId ? "scroll-mt-[30vh] bg-amber-100! outline outline-2 outline-amber-500" : ""}`}
                >
                  <td
                    data-label={t("people.standings.rank")}
                    className={`${labelledCellClass} font-bold text-navy-900`}
                  >
                    {format.number(row.rank)}
                  </td>
                  <td className={`${cellClass} font-semibold text-slate-900`}>{row.name}</td>
                  <td data-label={t("people.standings.solved")} className={labelledCellClass}>
                    {format.number(row.solved)}
                  </td>
                  <td data-label={t("people.standings.penalty")} className={labelledCellClass}>
                    {format.number(row.penalty)}
                  </td>
                  {board.problems.map((problem) => (
                    <td key={problem.id} className={problemCellClass}>
                      <Cell label={problem.label} cell={row.cells[problem.id]} t={t} format={format} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}

/**
 * The reveal stopped on a team in its final place: its name and awards on a card, as the ICPC
 * Resolver shows them. On the page, a card above the board; on the projector (`data-projector`
 * on the board's frame), a large card over the lower part of the screen.
 */
function AwardCard({ award }: { award: NonNullable<NonNullable<LiveBoard["reveal"]>["award"]> }) {
  const t = useT();
  return (
    <section
      aria-labelledby="live-award-team"
      data-award={award.teamId}
      className="rounded-2xl border-4 border-amber-400 bg-navy-900 px-4 py-5 text-center text-white shadow-xl group-data-projector:fixed group-data-projector:inset-x-4 group-data-projector:bottom-6 group-data-projector:z-10 group-data-projector:py-8 lg:group-data-projector:inset-x-24 lg:group-data-projector:py-12"
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-300 group-data-projector:text-xl">
        {t("people.live.awardKicker")}
      </p>
      <h2
        id="live-award-team"
        className="mt-1 text-2xl font-bold break-words group-data-projector:text-4xl lg:group-data-projector:text-6xl"
      >
        {award.team}
      </h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-2 group-data-projector:mt-6 group-data-projector:gap-4">
        {award.awards.map((item) => (
          <li
            key={awardText(t, item)}
            className={`rounded-full px-4 py-1 text-lg font-semibold group-data-projector:text-2xl lg:group-data-projector:text-4xl ${awardColours(item.kind)}`}
          >
            {awardText(t, item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function awardColours(kind: string): string {
  if (kind === "gold" || kind === "winner") return "bg-amber-300 text-amber-950";
  if (kind === "silver") return "bg-slate-200 text-slate-900";
  if (kind === "bronze") return "bg-orange-300 text-orange-950";
  return "bg-white text-navy-900";
}

/** One problem: solved, tried and failed, pending (judging, or hidden by the freeze), or nothing; read aloud as one sentence. */
function Cell({ label, cell, t, format }: { label: string; cell?: LiveCell; t: Translate; format: Formatters }) {
  if (!cell || (cell.attempts === 0 && cell.pending === 0)) {
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
  if (cell.solved) {
    const shown = `${cell.minutes === null ? "" : format.number(cell.minutes)}′`;
    const colours = cell.first
      ? "bg-green-800 text-white dark:bg-green-950 dark:text-green-900"
      : "bg-green-100 text-green-900 dark:bg-[#16a34a] dark:text-[#021008]";
    return (
      <>
        <span aria-hidden="true" className={`inline-block rounded px-1.5 py-0.5 ${colours}`}>
          <span className="sm:hidden">{label} </span>
          {cell.first && "★ "}
          {shown}
          <span className="block text-[0.7rem] leading-none">{format.number(cell.attempts)}</span>
        </span>
        <span className="sr-only">
          {t(cell.first ? "people.standings.solvedFirst" : "people.standings.solvedCell", { label, shown, tries })}
        </span>
      </>
    );
  }
  if (cell.pending > 0) {
    return (
      <>
        <span
          aria-hidden="true"
          data-pending=""
          className="inline-block whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-amber-900"
        >
          <span className="sm:hidden">{label} </span>
          {cell.attempts > 0 && `−${format.number(cell.attempts)} `}?{format.number(cell.pending)}
        </span>
        <span className="sr-only">
          {cell.attempts > 0
            ? t("people.live.pendingAfter", { label, tries, count: cell.pending })
            : t("people.live.pending", { label, count: cell.pending })}
        </span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true" className="inline-block rounded bg-red-50 px-1.5 py-0.5 text-red-800">
        <span className="sm:hidden">{label} </span>−{format.number(cell.attempts)}
      </span>
      <span className="sr-only">{t("people.standings.failed", { label, tries })}</span>
    </>
  );
}
