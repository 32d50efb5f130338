import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppServices, appContext } from "~/core/context";
import { clientFault } from "~/lib/client-fault.server";
import { fieldBodyKind, fieldWithNul, readWholeBody } from "./field-body";

const DATABASE_CHECK_TIMEOUT_MS = 1_000;
/** Above the upload limits (20 MB PDFs) with room for a form around them. */
export const MAX_BODY_BYTES = 25 * 1024 * 1024;

/**
 * Express glue for React Router (what @react-router/express does), plus one rule: when a
 * request fails because the database is unreachable, the answer is 503, as JSON for the
 * API, so clients and load balancers can tell "try again later" from a bug.
 */
export function reactRouterHandler(options: {
  /** The built app, or (in development) a function that loads its current version. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  context: AppServices;
  mode: string;
}): RequestHandler {
  const { build, context } = options;
  const handle = createRequestHandler(build, options.mode);
  const contextKey = contextKeyLoader(build);
  const siteOrigin = new URL(context.config.BASE_URL).origin;
  return async (req, res, next) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
      await sendResponse(res, tooLargeResponse());
      return;
    }
    try {
      const fields = await readFieldBody(req);
      if (fields.refusal) {
        await sendResponse(res, fields.refusal);
        return;
      }
      const body = { tooLarge: false, whole: fields.body };
      const request = toFetchRequest(req, res, siteOrigin, body);
      const routerContext = new RouterContextProvider();
      routerContext.set(await contextKey(), { ...context, cspNonce: res.locals.cspNonce, requestId: String(req.id) });
      let response = await handle(request, routerContext);
      if (body.tooLarge) {
        // A body without a Content-Length (chunked) that ran past the limit failed the action.
        await response.body?.cancel();
        response = tooLargeResponse();
      } else if (response.status === 500 && !(await databaseAnswers(context))) {
        await response.body?.cancel();
        context.log.warn({ url: req.originalUrl }, "database unavailable");
        response = unavailableResponse(req);
      }
      await discardUnreadBody(req);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A JSON or URL-encoded body, read whole (see field-body.ts): 413 past the limit, 400 naming a
 * field with a NUL character. Other bodies stay unread.
 */
async function readFieldBody(req: ExpressRequest): Promise<{ body?: Buffer; refusal?: Response }> {
  const kind = fieldBodyKind(req.headers["content-type"]);
  if (!kind || req.method === "GET" || req.method === "HEAD") return {};
  const body = await readWholeBody(req, MAX_BODY_BYTES);
  if (!body) return { refusal: tooLargeResponse() };
  const field = fieldWithNul(kind, body);
  return field ? { refusal: nulRefusal(req, field) } : { body };
}

function nulRefusal(req: ExpressRequest, field: string): Response {
  const message = `${field} must not contain NUL characters`;
  const headers = { "Cache-Control": "no-store" };
  if (req.path.startsWith("/api/")) {
    return Response.json({ message, errors: { [field]: message } }, { status: 400, headers });
  }
  return new Response(message, { status: 400, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A call refused before its body was read (401, 403) still takes the whole body in before
 * answering: a server that answers mid-upload and closes makes the client see a reset
 * connection instead of the answer.
 */
async function discardUnreadBody(req: ExpressRequest) {
  if (req.complete || req.method === "GET" || req.method === "HEAD") return;
  let received = 0;
  for await (const chunk of req) {
    received += (chunk as Buffer).length;
    if (received > MAX_BODY_BYTES) {
      req.destroy();
      return;
    }
  }
}

/**
 * The app's context key as the build has it: this server and the React Router build each
 * bundle their own copy of app/core/context.ts, and only the build's instance finds the value.
 */
function appContextKeyOf(build: ServerBuild): typeof appContext {
  const key = (build.entry.module as { appContext?: typeof appContext }).appContext;
  if (!key) throw new Error("app/entry.server.tsx must export appContext");
  return key;
}

/** The build's context key: found once in a built app, per request in the dev server's changing one. */
function contextKeyLoader(build: ServerBuild | (() => Promise<ServerBuild>)) {
  if (typeof build === "function") return async () => appContextKeyOf(await build());
  const key = appContextKeyOf(build);
  return () => key;
}

async function databaseAnswers(context: AppServices): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  const ping = context.database.ping().then(
    () => true,
    () => false,
  );
  return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
}

const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

function unavailableResponse(req: ExpressRequest): Response {
  const headers = { "Retry-After": "5", "Cache-Control": "no-store" };
  if (req.path.startsWith("/api/")) return Response.json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable</title></head><body><main><h1>Temporarily unavailable</h1><p>${UNAVAILABLE_MESSAGE}</p></main></body></html>`;
  return new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

function tooLargeResponse(): Response {
  const message = `The request is too large (at most ${MAX_BODY_BYTES / 1024 / 1024} MB).`;
  return Response.json({ message }, { status: 413, headers: { Connection: "close" } });
}

/**
 * The request body as a web stream that reads only as the action asks; past MAX_BODY_BYTES
 * it fails (a client's fault, no error of ours), and says so in `state`.
 */
function lazyBody(req: ExpressRequest, state: { tooLarge: boolean }): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      chunks ??= req[Symbol.asyncIterator]();
      const { value, done } = await chunks.next();
      if (done) return controller.close();
      received += value.length;
      if (received > MAX_BODY_BYTES) {
        state.tooLarge = true;
        return controller.error(clientFault("request body too large"));
      }
      // A view, not a copy: an upload streams through without a second copy of every chunk.
      controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
  });
}

/**
 * The request as the browser made it: its URL carries the site's public origin (BASE_URL),
 * not the `http://` and address a TLS-terminating proxy talks to us on, so that React
 * Router's and better-auth's origin checks compare the browser's `Origin` with the site's.
 */
function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  siteOrigin: string,
  body: { tooLarge: boolean; whole?: Buffer },
): Request {
  // Joined as text: resolving `//other.host/path` against the origin would make it the host.
  const target = req.originalUrl.startsWith("/") ? req.originalUrl : `/${req.originalUrl}`;
  const url = new URL(`${siteOrigin}${target}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // Buffer.concat's buffer is an ArrayBuffer of its own, never a shared one.
    init.body = (body.whole as Uint8Array<ArrayBuffer> | undefined) ?? lazyBody(req, body);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // One Cache-Control: the page cache's "private, no-store" for signed-in visitors is the strictest and stays.
    if (name === "cache-control" && res.hasHeader(name)) continue;
    res.append(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
