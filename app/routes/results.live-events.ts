import { data } from "react-router";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import type { LiveBoard } from "~/features/live-contests/live-contests";
import { publicLiveBoard } from "~/features/live-contests/live-contests.server";
import { watchLiveBoard } from "~/features/live-contests/live-updates.server";
import type { Locale } from "~/i18n/locales";
import { preferencesOf } from "~/i18n/preferences";
import { acceptsGzip, GZIP_HEADER, gzipPiece } from "~/lib/shared-gzip.server";
import type { Route } from "./+types/results.live-events";
import { liveBoardHtml } from "./live-board-html.server";

/**
 * Each board's event, made once per language and encoding: every viewer in this process is sent
 * the same board object, so 500 viewers cost one rendering and one compression of it, not 500.
 * A board's markup is large (about 240 kB for 53 teams and 11 problems) and compresses some
 * twenty times: sent plain to 500 viewers twice a second it was 240 MB/s of writes.
 */
const framesOf = new WeakMap<LiveBoard, Map<string, Uint8Array>>();
const encoder = new TextEncoder();

function boardFrame(board: LiveBoard, locale: Locale, timeZone: string, gzip: boolean): Uint8Array {
  let frames = framesOf.get(board);
  if (!frames) {
    frames = new Map();
    framesOf.set(board, frames);
  }
  const key = `${locale} ${timeZone}${gzip ? ".gz" : ""}`;
  let frame = frames.get(key);
  if (!frame) {
    const payload = JSON.stringify({ version: board.version, html: liveBoardHtml(board, locale, timeZone) });
    const plain = encoder.encode(`event: board\ndata: ${payload}\n\n`);
    frame = gzip ? gzipPiece(plain) : plain;
    frames.set(key, frame);
  }
  return frame;
}

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * `/results/{slug}/live/events`: the live page's updates as Server-Sent Events. Each `board`
 * event holds the board's version and its markup in the reader's language; the first is the
 * board as it is now. Only the public board is ever sent: outcomes hidden by the freeze are not
 * in it. Gzipped for readers that take it (browsers' EventSource does).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const board = await publicLiveBoard(app.db, params.slug);
  if (!board) throw data(null, { status: 404 });
  const { locale } = preferencesOf(request);
  const timeZone = await readClubTimeZone(app);
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const sendBytes = (bytes: Uint8Array) => {
        try {
          controller.enqueue(bytes);
        } catch {
          stop();
        }
      };
      const send = (text: string) => sendBytes(gzip ? gzipPiece(encoder.encode(text)) : encoder.encode(text));
      const sendBoard = (next: LiveBoard) => sendBytes(boardFrame(next, locale, timeZone, gzip));
      if (gzip) sendBytes(GZIP_HEADER);
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
      // no-transform: the compression middleware would hold the events back (the stream
      // compresses its own, once for every viewer: shared-gzip.server.ts); never kept by a cache.
      "Cache-Control": "no-store, no-transform",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      Vary: "Accept-Encoding",
      "X-Accel-Buffering": "no",
    },
  });
}
