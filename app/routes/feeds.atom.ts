import { type AtomFeedKey, atomFeeds } from "~/content/feeds";
import { appContext } from "~/core/context";
import { sharedTextResponse } from "~/lib/shared-response.server";
import { ATOM_CONTENT_TYPE, FEED_MAX_AGE_SECONDS, readAtomFeed } from "~/wiring/feeds.server";
import type { Route } from "./+types/feeds.atom";

/** The Atom feeds of notices, events and results: one module, the feed picked by the path (app/routes.ts). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const feed = (Object.keys(atomFeeds) as AtomFeedKey[]).find((key) => atomFeeds[key].path === url.pathname);
  if (!feed) return new Response("Not found", { status: 404 });
  const xml = await readAtomFeed(context.get(appContext), feed);
  return sharedTextResponse(request, xml, { contentType: ATOM_CONTENT_TYPE, maxAgeSeconds: FEED_MAX_AGE_SECONDS });
}
