import { jsonError } from "~/core/api.server";
import { type AppContext, appContext } from "~/core/context";
import { authHandler } from "~/features/accounts/auth.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints (/api/auth/*): sessions, sign-in, the OIDC callback. Its API-key
 * endpoints stay closed: tokens are made and revoked in the dashboard, by admins only.
 */
async function handle(request: Request, app: AppContext) {
  if (new URL(request.url).pathname.startsWith("/api/auth/api-key/")) return jsonError(404, "Not found");
  return authHandler(app.auth, request);
}

export function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return handle(request, app);
}

export function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  return handle(request, app);
}
