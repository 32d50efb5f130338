import type { LiveBoard } from "~/features/live-contests/live-contests";
import { livePagePath } from "~/features/live-contests/live-contests";
import { seoMeta } from "~/lib/seo";

/** The live page's and the projector's tags: one page to search engines, the live page. */
export function liveBoardMeta(args: Parameters<typeof seoMeta>[0] & { loaderData: LiveBoard | undefined }) {
  const board = args.loaderData;
  if (!board) return [];
  return seoMeta(args, {
    title: ({ t }) => t("people.live.metaTitle", { name: board.name }),
    description: ({ t }) => t("people.live.description", { name: board.name }),
    path: livePagePath(board.slug),
  });
}

/** Never kept by the page cache or a browser: the board changes with every event. */
export function liveBoardHeaders() {
  return { "Cache-Control": "no-store" };
}
