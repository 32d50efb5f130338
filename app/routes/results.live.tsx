import { data } from "react-router";
import { LiveStandings } from "~/components/live-standings";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/core/context";
import { liveEventsPath, livePagePath } from "~/features/live-contests/live-contests";
import { publicLiveBoard } from "~/features/live-contests/live-contests.server";
import { useFormat, useT } from "~/i18n/react";
import { useNonce } from "~/lib/nonce";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/results.live";

export function meta(args: Route.MetaArgs) {
  const board = args.loaderData;
  if (!board) return [];
  return seoMeta(args, {
    title: ({ t }) => t("people.live.metaTitle", { name: board.name }),
    description: ({ t }) => t("people.live.description", { name: board.name }),
    path: livePagePath(board.slug),
  });
}

/** Never kept by the page cache or a browser: the board changes with every event. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * `/results/{slug}/live`: a contest's standings as it runs, public. The page is the current
 * board (readable without JavaScript, with a reload link); a small script (public/js/live.js)
 * follows `/results/{slug}/live/events` and swaps each new board in, moving rows that changed
 * rank unless the reader prefers reduced motion.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const board = await publicLiveBoard(context.get(appContext).db, params.slug);
  if (!board) throw data(null, { status: 404 });
  return board;
}

export default function LiveContest({ loaderData: board }: Route.ComponentProps) {
  const t = useT();
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
          <LiveStandings board={board} />
        </div>
      </div>
      <script src="/js/live.js" defer nonce={nonce} />
    </>
  );
}
