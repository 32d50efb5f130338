import { jsonError } from "~/lib/api.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints (/api/auth/*): sessions, sign-in, the OIDC callback. Its API-key
 * endpoints stay closed: tokens are made and revoked in the dashboard, by admins only.
 */
function handle(request: Request, context: Route.LoaderArgs["context"]) {
  if (new URL(request.url).pathname.startsWith("/api/auth/api-key/")) return jsonError(404, "Not found");
  return context.auth.handler(request);
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
