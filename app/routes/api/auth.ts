import type { Route } from "./+types/auth";

/** better-auth's own endpoints (/api/auth/*): sessions, sign-in, the OIDC callback. */
export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.auth.handler(request);
}
