import type { ReactNode } from "react";
import { useLangOf } from "~/i18n/react";

/**
 * The band at the top of every inner page: its one h1, with an optional line above and below.
 * An item's own page (an event, a notice) names the item in the h1 and its section above it.
 */
export function PageHeader({
  eyebrow,
  title,
  titleId,
  children,
}: {
  eyebrow?: string;
  title: string;
  /** What the page's article is labelled by, when the h1 names it. */
  titleId?: string;
  children?: ReactNode;
}) {
  const langOf = useLangOf();
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="container-page py-10 sm:py-14">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{eyebrow}</p>}
        <h1
          id={titleId}
          lang={langOf(title)}
          className="mt-1 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
        >
          {title}
        </h1>
        {children && <div className="mt-3 max-w-3xl text-lg text-slate-600">{children}</div>}
      </div>
    </div>
  );
}
