import { LiveStandings } from "~/components/live-standings";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { liveEventsPath } from "~/features/live-contests/live-contests";
import { useFormat, useT } from "~/i18n/react";
import { useNonce } from "~/lib/nonce";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/results.live-projector";

/** The projector draws its own frame: the standings fill the screen, no site header or footer. */
export const handle: RouteHandle = { ownFrame: true };

export { liveBoardHeaders as headers, liveBoardMeta as meta } from "./live-board-route";
export { liveBoardLoader as loader } from "./live-board-route.server";

/**
 * `/results/{slug}/live/projector`: the live board for a hall's projector: large type on the
 * club's navy, the clocks to the freeze and the end, the latest first solves ("balloons"), and
 * the table paging by itself (public/js/live.js). The same public board as the live page.
 */
export default function LiveProjector({ loaderData: board }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const nonce = useNonce();
  const running = board.phase === "running" || board.phase === "frozen";
  return (
    <main id="main" className="min-h-screen bg-navy-950 p-4 text-white has-[[data-award]]:pb-[60vh] lg:text-xl">
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold lg:text-5xl">{board.name}</h1>
        {running && (
          <p className="flex flex-wrap gap-6 font-mono text-2xl lg:text-4xl">
            {board.phase === "running" && board.freezesAt && (
              <span data-clock={board.freezesAt} data-label={t("people.live.toFreeze", { time: "{time}" })}>
                {t("people.live.freezesAt", { time: format.dateTime(board.freezesAt, timeZone) })}
              </span>
            )}
            {board.endsAt && (
              <span data-clock={board.endsAt} data-label={t("people.live.toEnd", { time: "{time}" })}>
                {t("people.live.endsAt", { time: format.dateTime(board.endsAt, timeZone) })}
              </span>
            )}
          </p>
        )}
      </header>
      <div
        className="group flex min-w-0 flex-col gap-4 rounded-xl bg-white p-2 text-slate-900 sm:[&_table]:text-base xl:[&_table]:text-lg 2xl:[&_table]:text-2xl"
        data-live-board={liveEventsPath(board.slug)}
        data-version={board.version}
        data-projector=""
      >
        <LiveStandings board={board} timeZone={timeZone} />
      </div>
      <script src="/js/live.js" defer nonce={nonce} />
    </main>
  );
}
