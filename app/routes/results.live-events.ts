import { data } from "react-router";
import { appContext } from "~/core/context";
import type { LiveBoard } from "~/features/live-contests/live-contests";
import { publicLiveBoard } from "~/features/live-contests/live-contests.server";
import { watchLiveBoard } from "~/features/live-contests/live-updates.server";
import { preferencesOf } from "~/i18n/preferences";
import type { Route } from "./+types/results.live-events";
import { liveBoardHtml } from "./live-board-html.server";

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * `/results/{slug}/live/events`: the live page's updates as Server-Sent Events. Each `board`
 * event holds the board's version and its markup in the reader's language; the first is the
 * board as it is now. Only the public board is ever sent: outcomes hidden by the freeze are not
 * in it.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const board = await publicLiveBoard(app.db, params.slug);
  if (!board) throw data(null, { status: 404 });
  const { locale } = preferencesOf(request);
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const sendBoard = (next: LiveBoard) =>
        send(`event: board\ndata: ${JSON.stringify({ version: next.version, html: liveBoardHtml(next, locale) })}\n\n`);
      send("retry: 2000\n\n");
      sendBoard(board);
      const unwatch = watchLiveBoard(app.db, params.slug, sendBoard);
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
      stop = () => {
        clearInterval(keepAlive);
        unwatch();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", () => stop(), { once: true });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression would hold the events back; never kept by a cache.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
