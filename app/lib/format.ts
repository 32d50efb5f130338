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
    return new Intl.DateTimeFormat(intlLocale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(day);
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
    return new Intl.DateTimeFormat(intlLocale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(moment);
  }
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

/** Today's calendar date ("YYYY-MM-DD") where the club is, whatever the server's zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A moment as people there read it: "23 Nov 2026, 19:05". */
export function formatDateTime(moment: Date | string, timeZone: string, intlLocale = "en-GB"): string {
  return new Date(moment).toLocaleString(intlLocale, { dateStyle: "medium", timeStyle: "short", timeZone });
}

/** 1234 → "1,234" ("১,২৩৪" in bn-BD). */
export function formatNumber(value: number, intlLocale = "en-GB"): string {
  return new Intl.NumberFormat(intlLocale).format(value);
}
