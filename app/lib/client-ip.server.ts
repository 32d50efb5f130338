import type { IncomingMessage } from "node:http";

/**
 * The header that carries the client address inside the app. The server always overwrites
 * it (see `clientIpMiddleware`), so a value a client sends never reaches the rate limiter.
 */
export const CLIENT_IP_HEADER = "x-club-client-ip";

/** The last entry is the one our own proxy appended; earlier ones are whatever the client sent. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  const entries = joined
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries?.at(-1);
}

/** The client address: from the configured proxy header when it is set, else the socket. */
export function resolveClientIp(req: IncomingMessage, trustedProxyHeader: string | undefined): string {
  const forwarded = trustedProxyHeader ? lastEntry(req.headers[trustedProxyHeader]) : undefined;
  return forwarded ?? req.socket.remoteAddress ?? "";
}

export function clientIpMiddleware(trustedProxyHeader: string | undefined) {
  return (req: IncomingMessage, _res: unknown, next: () => void) => {
    req.headers[CLIENT_IP_HEADER] = resolveClientIp(req, trustedProxyHeader);
    next();
  };
}
