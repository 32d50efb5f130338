/** What better-auth's configuration and the pages that call it both need, without loading better-auth. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";
import type { Config } from "~/lib/config.server";

export const AUTH_BASE_PATH = "/api/auth";
export const GOOGLE_PROVIDER_ID = "google";
/** Error codes our hooks put on the /login?error= redirect (better-auth's own codes come the same way). */
export const DOMAIN_REFUSED_ERROR = "domain_not_allowed";

/** A link mailed to prove an address works for a day: mail read late on a phone still works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** What a mail proving an address needs: whom to, its signed token, the language of the request that asked. */
export interface VerificationMailRequest {
  person: { email: string; name: string; locale?: Locale | null };
  token: string;
  locale?: Locale;
}

export interface CreateAuthOptions {
  db: Database;
  config: Config;
  log: Logger;
  /** Queues the mail with the link that proves an address (given by the server, which has the mail queue). */
  sendVerificationMail: (mail: VerificationMailRequest) => Promise<void>;
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
