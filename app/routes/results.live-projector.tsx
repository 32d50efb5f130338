import { data } from "react-router";
import { LiveStandings } from "~/components/live-standings";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/core/context";
import { liveEventsPath, livePagePath } from "~/features/live-contests/live-contests";
import { publicLiveBoard } from "~/features/live-contests/live-contests.server";
import { useFormat, useT } from "~/i18n/react";
import { useNonce } from "~/lib/nonce";
import type { RouteHandle } from "~/lib/route-handle";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/results.live-projector";

/** The projector draws its own frame: the standings fill the screen, no site header or footer. */
export const handle: RouteHandle = { ownFrame: true };

export function meta(args: Route.MetaArgs) {
  const board = args.loaderData;
  if (!board) return [];
  return seoMeta(args, {
    title: ({ t }) => t("people.live.metaTitle", { name: board.name }),
    description: ({ t }) => t("people.live.description", { name: board.name }),
    path: livePagePath(board.slug),
  });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * `/results/{slug}/live/projector`: the live board for a hall's projector: large type on the
 * club's navy, the clocks to the freeze and the end, the latest first solves ("balloons"), and
 * the table paging by itself (public/js/live.js). The same public board as the live page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const board = await publicLiveBoard(context.get(appContext).db, params.slug);
  if (!board) throw data(null, { status: 404 });
  return board;
}

export default function LiveProjector({ loaderData: board }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const nonce = useNonce();
  const running = board.phase === "running" || board.phase === "frozen";
  return (
    <main id="main" className="min-h-screen bg-navy-950 p-4 text-white lg:text-xl">
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold lg:text-5xl">{board.name}</h1>
        {running && (
          <p className="flex flex-wrap gap-6 font-mono text-2xl lg:text-4xl">
            {board.phase === "running" && board.freezesAt && (
              <span data-clock={board.freezesAt} data-label={t("people.live.toFreeze", { time: "{time}" })}>
                {t("people.live.freezesAt", { time: format.dateTime(board.freezesAt, clubTimeZone) })}
              </span>
            )}
            {board.endsAt && (
              <span data-clock={board.endsAt} data-label={t("people.live.toEnd", { time: "{time}" })}>
                {t("people.live.endsAt", { time: format.dateTime(board.endsAt, clubTimeZone) })}
              </span>
            )}
          </p>
        )}
      </header>
      <div
        className="flex flex-col gap-4 rounded-xl bg-white p-2 text-slate-900 [&_table]:text-lg lg:[&_table]:text-2xl"
        data-live-board={liveEventsPath(board.slug)}
        data-version={board.version}
        data-projector=""
      >
        <LiveStandings board={board} />
      </div>
      <script src="/js/live.js" defer nonce={nonce} />
    </main>
  );
}
