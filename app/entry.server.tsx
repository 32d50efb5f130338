import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "~/core/context";
import { i18nFor } from "~/i18n/catalogs.server";
import { preferencesOf } from "~/i18n/preferences";
import { I18nProvider } from "~/i18n/react";
import { isClientFault } from "~/lib/client-fault.server";
import { InlineStylesheetContext } from "~/lib/inline-stylesheet";
import { NonceContext } from "~/lib/nonce";

export const streamTimeout = 5_000;

// The server reads the key from the build, so both use this one instance (server/request-handler.ts).
export { appContext };

/**
 * Renders the whole page before sending (onAllReady): pages have no deferred data, and a
 * complete document is what the page cache stores. The CSP nonce reaches <Scripts />, the
 * inline stylesheet the root layout, the reader's language every component.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce, inlineStylesheet, log } = loadContext.get(appContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={cspNonce}>
        <InlineStylesheetContext.Provider value={inlineStylesheet}>
          <I18nProvider i18n={i18nFor(preferencesOf(request).locale)}>
            <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
          </I18nProvider>
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: cspNonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          log.error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * A loader or action that failed (or a request no route takes) is one JSON log line with
 * the request id, never a stack trace on the console; a client that went away is no error,
 * and a client's own fault (a body too large, a form posted from another site) a warning
 * without a stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { log, requestId } = context.get(appContext);
  const fault = clientFaultOf(error, request);
  if (fault) log.warn({ requestId, url: request.url, reason: fault }, "request refused");
  else log.error({ err: error, requestId, url: request.url }, "loader or action failed");
};

function clientFaultOf(error: unknown, request: Request): string | undefined {
  if (isClientFault(error)) return error instanceof Error ? error.message : String(error);
  // React Router refuses a page's action whose Origin is not the site's before running it (the
  // API has its own guard, which lets listed origins through: their errors are ours).
  const origin = request.headers.get("origin");
  const url = new URL(request.url);
  const isPageAction = request.method !== "GET" && request.method !== "HEAD" && !url.pathname.startsWith("/api/");
  if (isPageAction && origin && origin !== url.origin) return `a form posted from ${origin}`;
  return undefined;
}
