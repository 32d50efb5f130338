const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Intl's formatters take far longer to make than to use (making one for every number took a
 * tenth of a signed-in page's render), so each language and set of options gets one, kept.
 * Options come from the code and the site's time zone: there are a few dozen at most.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<Formatter extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => Formatter,
): Formatter {
  let formatter = formatters.get(key) as Formatter | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(intlLocale, options)`, made once. */
export const dateTimeFormat = (intlLocale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  kept(`date ${intlLocale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intlLocale, options));

/** `new Intl.NumberFormat(intlLocale, options)`, made once. */
export const numberFormat = (intlLocale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  kept(`number ${intlLocale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(intlLocale, options));

/** English (the default) keeps the site's own spelling; any other language is Intl's. */
const isEnglish = (intlLocale: string | undefined) => !intlLocale || intlLocale.startsWith("en");

/**
 * "2026-12-05" → "5 December 2026" ("৫ ডিসেম্বর, ২০২৬" in bn-BD); read as a calendar date, so no
 * time zone can shift the day.
 */
export function formatDate(isoDate: string, intlLocale?: string): string {
  const match = ISO_DATE.exec(isoDate);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  if (!isEnglish(intlLocale)) {
    const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return dateTimeFormat(intlLocale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(day);
  }
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** "14:05" → "2:05 PM"; anything else is shown as it was entered. */
export function formatTime(time: string, intlLocale?: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23) return time;
  if (!isEnglish(intlLocale)) {
    const moment = new Date(Date.UTC(2000, 0, 1, hours, Number(match[2])));
    return dateTimeFormat(intlLocale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(moment);
  }
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

/** Today's calendar date ("YYYY-MM-DD") where the club is, whatever the server's zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A moment as people there read it: "23 Nov 2026, 19:05". */
export function formatDateTime(moment: Date | string, timeZone: string, intlLocale = "en-GB"): string {
  return dateTimeFormat(intlLocale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(moment));
}

/** 1234 → "1,234" ("১,২৩৪" in bn-BD). */
export function formatNumber(value: number, intlLocale = "en-GB"): string {
  return numberFormat(intlLocale).format(value);
}
