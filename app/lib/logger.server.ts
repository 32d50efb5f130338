import pino from "pino";

export function createLogger(level: string) {
  return pino({ level, base: { service: "club-website" }, timestamp: pino.stdTimeFunctions.isoTime });
}
