import { LiveStandings } from "~/components/live-standings";
import { PageHeader } from "~/components/page-header";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { liveEventsPath, livePagePath } from "~/features/live-contests/live-contests";
import { useFormat, useT } from "~/i18n/react";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/results.live";

export { liveBoardHeaders as headers, liveBoardMeta as meta } from "./live-board-route";
export { liveBoardLoader as loader } from "./live-board-route.server";

/**
 * `/results/{slug}/live`: a contest's standings as it runs, public. The page is the current
 * board (readable without JavaScript, with a reload link); a small script (public/js/live.js)
 * follows `/results/{slug}/live/events` and swaps each new board in, moving rows that changed
 * rank unless the reader prefers reduced motion.
 */
export default function LiveContest({ loaderData: board }: Route.ComponentProps) {
  const t = useT();
  const timeZone = useClubTimeZone();
  const format = useFormat();
  const nonce = useNonce();
  return (
    <>
      <PageHeader eyebrow={t("people.live.eyebrow")} title={board.name}>
        <p>{t("people.live.teams", { count: board.rows.length })}</p>
      </PageHeader>
      <div className="container-page flex flex-col gap-4 py-8">
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
          <span>{t("people.live.updatesOn")}</span>
          <a href={livePagePath(board.slug)} className="font-medium text-navy-700 underline">
            {t("people.live.reload")}
          </a>
          <a href={`${livePagePath(board.slug)}/projector`} className="font-medium text-navy-700 underline">
            {t("people.live.projector")}
          </a>
        </p>
        <div
          className="flex flex-col gap-4"
          data-live-board={liveEventsPath(board.slug)}
          data-version={board.version}
          data-count={format.number(board.rows.length)}
        >
          <LiveStandings board={board} timeZone={timeZone} />
        </div>
      </div>
      <script src="/js/live.js" defer nonce={nonce} />
    </>
  );
}
