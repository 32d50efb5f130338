import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/client.server";
import type { Auth } from "~/lib/auth.server";
import type { Config } from "~/lib/config.server";
import type { MediaStorage } from "~/lib/storage/index.server";

/** What the server hands every loader and action (see server/app.ts). */
// A type alias (not an interface) so it fits React Router's index-signature AppLoadContext.
export type AppContext = {
  db: DatabaseHandle["db"];
  database: DatabaseHandle;
  config: Config;
  log: Logger;
  /** better-auth, created once per process (app/lib/auth.server.ts). */
  auth: Auth;
  /** Uploaded files: local disk or an S3-compatible bucket (app/lib/storage). */
  storage: MediaStorage;
  /** The built CSS, inlined on runtime-free pages (app/lib/inline-stylesheet.ts). */
  inlineStylesheet?: string;
};

/** The per-request part: the CSP nonce the response's scripts must carry, and the log's request id. */
export type RequestContext = AppContext & { cspNonce?: string; requestId?: string };

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
