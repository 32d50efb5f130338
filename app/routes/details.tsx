import { data } from "react-router";
import { RecentEventArticle } from "~/components/recent-event-article";
import { appContext } from "~/core/context";
import { findRecentEvent } from "~/features/collections/recent-events.server";
import { seoMeta } from "~/lib/seo";
import { LONG_PREVIEW, previewText } from "~/lib/text";
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
  return <RecentEventArticle event={loaderData.event} />;
}
