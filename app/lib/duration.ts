const CLOCK = /^(\d{1,3}):([0-5]\d)(?::[0-5]\d)?$/;
/** An amount and its unit; a unit is never followed by a letter, so "2 months" is no "2 m". */
const PART = /(\d+(?:\.\d+)?)\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m)(?![a-z])/g;
const UNIT_MINUTES: Record<string, number> = { d: 24 * 60, h: 60, m: 1 };
/** Longer than a month is a typo, not a contest. */
const MAX_MINUTES = 31 * 24 * 60;

/**
 * Minutes of a duration as people type it: "2 Hours", "90 minutes", "1 hour 30 min", "2h30m",
 * "3:00" (hours:minutes), "2 days". Undefined for anything else ("TBA", "long"), so the caller
 * picks its own default rather than a guess.
 */
export function parseDurationMinutes(text: string): number | undefined {
  const typed = text.trim().toLowerCase();
  const clock = CLOCK.exec(typed);
  if (clock) return withinBounds(Number(clock[1]) * 60 + Number(clock[2]));
  let minutes = 0;
  const rest = typed.replace(PART, (_, amount: string, unit: string) => {
    minutes += Number(amount) * (UNIT_MINUTES[unit.charAt(0)] ?? 0);
    return " ";
  });
  // Only the amounts, their units and joining words: "about 2 hours" is not read as 2 hours.
  if (rest.replace(/\band\b|[\s,.;+]/g, "") !== "") return undefined;
  return withinBounds(Math.round(minutes));
}

function withinBounds(minutes: number): number | undefined {
  return minutes > 0 && minutes <= MAX_MINUTES ? minutes : undefined;
}
