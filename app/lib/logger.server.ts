import { format } from "node:util";
import pino, { type Logger } from "pino";

export function createLogger(level: string) {
  return pino({ level, base: { service: "club-website" }, timestamp: pino.stdTimeFunctions.isoTime });
}

const CONSOLE_LEVELS = { error: "error", warn: "warn", info: "info", log: "info", debug: "debug" } as const;

/**
 * Sends what libraries print with console.* (better-auth's router prints a failed request's
 * stack with console.error, Express its unhandled errors) through the logger, so every line
 * the server writes is one JSON object: a stack or a request's text with a newline in it
 * can't break the log into lines that read as entries of their own.
 */
export function routeConsoleTo(log: Logger) {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      log[level](error ? { err: error } : {}, format(...rest).trim() || "console");
    };
  }
}
