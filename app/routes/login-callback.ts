import { redirect } from "react-router";
import { appContext } from "~/core/context";
import { getSessionUser } from "~/core/session.server";
import { redirectWithCookies } from "~/features/accounts/auth.server";
import { flashCookie } from "~/lib/flash.server";
import { safeRedirectPath } from "~/lib/redirect";
import type { Route } from "./+types/login-callback";

/** Where Google sign-in lands: with a session, on to the page the visitor came from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await getSessionUser(request, app);
  if (!user) throw redirect("/login");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return redirectWithCookies(redirectTo ?? (user.role ? "/dashboard" : "/"), [flashCookie("login")]);
}
