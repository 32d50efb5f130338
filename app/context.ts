import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/client.server";
import type { Config } from "~/lib/config.server";

/** What the server hands every loader and action (see server/app.ts). */
// A type alias (not an interface) so it fits React Router's index-signature AppLoadContext.
export type AppContext = {
  db: DatabaseHandle["db"];
  database: DatabaseHandle;
  config: Config;
  log: Logger;
};

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
