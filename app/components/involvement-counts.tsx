import { type InvolvementRow, lastDayOf, type Term } from "~/features/involvement/involvement";
import { useFormat, useT } from "~/i18n/react";

/** A member's involvement in a term as four figures and the points: their dashboard and (if they agree) their page. */
export function InvolvementCounts({ row, term }: { row: InvolvementRow; term: Term }) {
  const t = useT();
  const format = useFormat();
  const figures = [
    [row.sessions, t("tools.involvement.sessions")],
    [row.events, t("tools.involvement.events")],
    [row.contests, t("tools.involvement.contests")],
    [row.roles, t("tools.involvement.roles")],
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        {t("tools.involvement.termLine", { from: format.date(term.from), to: format.date(lastDayOf(term)) })}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([count, label]) => (
          <div key={label} className="rounded-lg bg-slate-100 px-3 py-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-navy-900">{format.number(count)}</dd>
          </div>
        ))}
      </dl>
      <p className="font-semibold text-navy-900">{t("tools.involvement.points", { score: row.score })}</p>
    </div>
  );
}
