import { redirect } from "react-router";
import { callAuthEndpoint, redirectWithCookies } from "~/lib/auth.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

/** Deletes the session on the server and clears its cookie (spec: a failed logout is not shown). */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callAuthEndpoint(context.auth, request, "/sign-out", {});
  if (!result.ok) context.log.warn({ status: result.status, body: result.body }, "sign-out failed");
  return redirectWithCookies("/", result.cookies);
}
