import { Link } from "react-router";
import type { ApiRecentEvent } from "~/features/collections/recent-events";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { PageHeader } from "./page-header";
import { ResponsiveImage } from "./responsive-image";

/** A recent event: its detail text, two pictures and the further paragraphs. */
export function RecentEventArticle({ event }: { event: ApiRecentEvent }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <>
      <PageHeader eyebrow={t("public.recentEvent.eyebrow")} title={event.name} />
      <article className="container-page max-w-4xl py-10">
        <p lang={langOf(event.details)} className="text-xl leading-relaxed text-slate-800">
          {event.details}
        </p>
        <div className="my-10 grid gap-4 sm:grid-cols-2">
          {[event.img2, event.img3].map((src, index) => (
            <ResponsiveImage
              key={src}
              src={src}
              alt={t("public.recentEvent.scene", { name: event.name, number: format.number(index + 1) })}
              width={1200}
              height={675}
              sizes="(min-width: 640px) 28rem, calc(100vw - 2rem)"
              // The first scene is what a phone paints largest first.
              fetchPriority={index === 0 ? "high" : undefined}
              decoding="async"
              className="aspect-video w-full rounded-xl object-cover shadow-sm"
            />
          ))}
        </div>
        {[event.details1, event.details2]
          .filter((paragraph) => paragraph.trim() !== "")
          .map((paragraph) => (
            <p key={paragraph} lang={langOf(paragraph)} className="mt-4 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        <p className="mt-10">
          <Link to="/#recent" className="btn-navy">
            {t("public.recentEvent.back")}
          </Link>
        </p>
      </article>
    </>
  );
}
