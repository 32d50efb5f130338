import { redirect } from "react-router";
import { appContext } from "~/core/context";
import { callAuthEndpoint, redirectWithCookies } from "~/features/accounts/auth.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

/** Deletes the session on the server and clears its cookie (spec: a failed logout is not shown). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const result = await callAuthEndpoint(app.auth, request, "/sign-out", {});
  if (!result.ok) app.log.warn({ status: result.status, body: result.body }, "sign-out failed");
  return redirectWithCookies("/", result.cookies);
}
