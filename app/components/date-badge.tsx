/** The notice-board style date tile: day over the three-letter month. Decorative: the full date is in the text. */
export function DateBadge({ day, month }: { day: string; month: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 flex-col items-center justify-center rounded-lg bg-navy-900 text-white"
    >
      <span className="text-xl font-bold leading-none">{day}</span>
      <span className="mt-1 text-xs font-semibold tracking-wider text-accent-400">{month}</span>
    </span>
  );
}
