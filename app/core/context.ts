import type { Logger } from "pino";
import { createContext } from "react-router";
import type { ContentVersionReader } from "~/core/content-version.server";
import type { DatabaseHandle } from "~/db/client.server";
import type { LoadAuth } from "~/features/accounts/auth.server";
import type { Config } from "~/lib/config.server";
import type { JobQueue } from "~/lib/job-queue.server";
import type { MediaStorage } from "~/lib/storage/index.server";
import type { VersionedCache } from "~/lib/versioned-cache.server";

/** What the server builds once at start (see server/app.ts) and every request reads. */
export type AppServices = {
  db: DatabaseHandle["db"];
  database: DatabaseHandle;
  config: Config;
  log: Logger;
  /** better-auth, created once per process on first use (`authLoader` in app/features/accounts/auth.server.ts). */
  auth: LoadAuth;
  /** Uploaded files: local disk or an S3-compatible bucket (app/lib/storage). */
  storage: MediaStorage;
  /** The content tables' version, read from the database at most twice a second (app/core/content-version.server.ts). */
  contentVersion: ContentVersionReader;
  /**
   * Answers of public reads kept per content version: signed-in visitors see the same lists as
   * anonymous ones, so a list is read once per version, whoever asks.
   */
  contentCache: VersionedCache;
  /** The site's settings kept per settings version: most writes (a registration) leave them cached. */
  settingsCache: VersionedCache;
  /** Background work (mail, webhooks, announcements) on the database's job queue (app/wiring/background-jobs.server.ts). */
  jobs: JobQueue;
  /** The site's secret: signs sessions and the links in mails, seals stored webhook secrets. */
  secret: string;
  /** The built CSS, inlined on runtime-free pages (app/lib/inline-stylesheet.ts). */
  inlineStylesheet?: string;
};

/** The services plus the per-request part: the CSP nonce the response's scripts must carry, and the log's request id. */
export type AppContext = AppServices & { cspNonce?: string; requestId?: string };

/**
 * The router context key loaders, actions and middleware read the app's services from:
 * `const app = context.get(appContext)`. The request handler sets it for every request.
 */
export const appContext = createContext<AppContext>();
