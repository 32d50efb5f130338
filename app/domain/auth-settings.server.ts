/** What better-auth's configuration and the pages that call it both need, without loading better-auth. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { Config } from "~/lib/config.server";

export const AUTH_BASE_PATH = "/api/auth";
export const GOOGLE_PROVIDER_ID = "google";
/** Error codes our hooks put on the /login?error= redirect (better-auth's own codes come the same way). */
export const DOMAIN_REFUSED_ERROR = "domain_not_allowed";

export interface CreateAuthOptions {
  db: Database;
  config: Config;
  log: Logger;
}

/** Sessions must survive restarts, so a generated secret is kept next to the data. */
export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}

export function googleConfigured(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID);
}

/** The secret better-auth signs cookies with. */
export function authSecret(config: Config): string {
  return config.BETTER_AUTH_SECRET ?? loadOrCreateAuthSecret(config.DATA_DIR);
}
