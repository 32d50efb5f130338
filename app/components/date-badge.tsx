import { INTL_LOCALES, type Locale } from "~/i18n/locales";
import { useLocale } from "~/i18n/react";
import { dateTimeFormat } from "~/lib/format";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Another language's day and short month of a `YYYY-MM-DD` date ("৫", "ডিসে"); English keeps the stored ones. */
function localParts(isoDate: string, locale: Locale): { day: string; month: string } | undefined {
  const match = ISO_DATE.exec(isoDate);
  if (locale === "en" || !match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const part = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(INTL_LOCALES[locale], { ...options, timeZone: "UTC" }).format(date);
  return { day: part({ day: "numeric" }), month: part({ month: "short" }) };
}

/**
 * The notice-board style date tile: day over the three-letter month (the stored `day` and
 * `month` in English, the date's own in another language). Decorative: the full date is in the text.
 */
export function DateBadge({ isoDate, day, month }: { isoDate: string; day: string; month: string }) {
  const locale = useLocale();
  const shown = localParts(isoDate, locale) ?? { day, month };
  return (
    <span
      aria-hidden="true"
      className="navy-surface flex size-14 shrink-0 flex-col items-center justify-center rounded-lg bg-navy-900 text-white dark:ring-1 dark:ring-navy-700"
    >
      <span className="text-xl font-bold leading-none">{shown.day}</span>
      {/* Spacing letters apart suits Latin capitals; it would pull a Bangla word's letters apart. */}
      <span className={`mt-1 text-xs font-semibold text-accent-400 ${locale === "en" ? "tracking-wider" : ""}`}>
        {shown.month}
      </span>
    </span>
  );
}
