import { formatDate, formatDateTime, formatNumber, formatTime } from "../lib/format";
import { INTL_LOCALES, type Locale } from "./locales";

/** Dates, times and numbers as one language writes them (Bangla digits in Bangla). */
export function formattersFor(locale: Locale) {
  const intlLocale = INTL_LOCALES[locale];
  return {
    /** A calendar date ("2026-12-05"): "5 December 2026", "৫ ডিসেম্বর, ২০২৬". */
    date: (isoDate: string) => formatDate(isoDate, intlLocale),
    /** A time of day ("14:05"): "2:05 PM". */
    time: (time: string) => formatTime(time, intlLocale),
    /** A moment where the club is: "23 Nov 2026, 19:05". */
    dateTime: (moment: Date | string, timeZone: string) => formatDateTime(moment, timeZone, intlLocale),
    number: (value: number) => formatNumber(value, intlLocale),
  };
}

export type Formatters = ReturnType<typeof formattersFor>;
