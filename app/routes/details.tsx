import { data, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { ResponsiveImage } from "~/components/responsive-image";
import { appContext } from "~/context";
import { findRecentEvent } from "~/domain/recent-events.server";
import { seoMeta } from "~/lib/seo";
import { LONG_PREVIEW, langOf, previewText } from "~/lib/text";
import type { Route } from "./+types/details";

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  if (!event) return [];
  return seoMeta(args, { title: event.name, description: previewText(event.details, LONG_PREVIEW), type: "article" });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const event = await app.contentCache.read(`recent-event:${params.detailsId}`, () =>
    findRecentEvent(app.db, params.detailsId),
  );
  if (!event) throw data(null, { status: 404 });
  return { event };
}

/** A recent event: its detail text, two pictures and the further paragraphs. */
export default function EventDetails({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Recent event" title={event.name} />
      <article className="container-page max-w-4xl py-10">
        <p lang={langOf(event.details)} className="text-xl leading-relaxed text-slate-800">
          {event.details}
        </p>
        <div className="my-10 grid gap-4 sm:grid-cols-2">
          {[event.img2, event.img3].map((src, index) => (
            <ResponsiveImage
              key={src}
              src={src}
              alt={`${event.name}, scene ${index + 1}`}
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
            <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        <p className="mt-10">
          <Link to="/#recent" className="btn-navy">
            Back to recent events
          </Link>
        </p>
      </article>
    </>
  );
}
