import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";

/**
 * Where an error no handler answered ends: one JSON log line with the request id (Express's
 * own handler prints the stack on the console) and a 500 without details. A client that went
 * away mid-request (an upload cut off) is no error: pino-http notes the request as aborted.
 */
export function lastErrorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (req.destroyed || res.destroyed) {
      log.debug({ requestId: req.id, reason: String(error) }, "client went away");
      return;
    }
    log.error({ err: error, requestId: req.id, url: req.originalUrl }, "request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = "Something went wrong on our side. Please try again.";
    res.status(500).set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) res.json({ message });
    else res.type("text/plain").send(message);
  };
}
