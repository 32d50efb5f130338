import { Link } from "react-router";
import { eventPagePath } from "~/content/events";
import type { ApiEvent } from "~/features/events/events";
import { useFormat, useT } from "~/i18n/react";

/** On an occurrence of a recurring event (a cancelled one above all): where the next one is. */
export function NextOccurrence({ next }: { next: Pick<ApiEvent, "eventType" | "slug" | "starts_on" | "starts_at"> }) {
  const t = useT();
  const format = useFormat();
  const when = `${next.starts_on ? format.date(next.starts_on) : ""}, ${format.time(next.starts_at)}`;
  return (
    <p className="text-slate-800">
      {t("public.events.nextOccurrence")}{" "}
      <Link to={eventPagePath(next)} className="font-medium text-navy-700 underline">
        {when}
      </Link>
    </p>
  );
}
