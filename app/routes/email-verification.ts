import { appContext } from "~/core/context";
import { getSessionUser, renewedSessionCookies } from "~/core/session.server";
import { redirectWithCookies } from "~/features/accounts/auth.server";
import { countResendRequest, EMAIL_VERIFIED_PATH } from "~/features/accounts/email-verification.server";
import { flashCookie } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-actions.server";
import { loginPath, safeRedirectPath } from "~/lib/redirect";
import type { Route } from "./+types/email-verification";

/**
 * Where the mail's link lands once better-auth has checked it (`?error=` when it was expired
 * or not valid): a signed-in browser gets its session's copy renewed, so the banner goes at once.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await getSessionUser(request, app);
  const failed = url.searchParams.has("error");
  const cookies = user ? await renewedSessionCookies(request, app) : [];
  const destination = failed ? "/" : user ? "/dashboard" : "/login";
  const answer = redirectWithCookies(destination, [
    ...cookies,
    flashCookie(failed ? "verification-failed" : "email-verified"),
  ]);
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
}

/**
 * The banner's "send the link again": a new link for the signed-in person's own address, a few
 * an hour per account. Answers with a redirect back to the page the banner was on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await readFormData(request);
  const back = safeRedirectPath(form.get("redirectTo")) ?? "/";
  const user = await getSessionUser(request, app);
  if (!user) return redirectWithCookies(loginPath(back), []);
  if (user.emailVerified) {
    return redirectWithCookies(back, [...(await renewedSessionCookies(request, app)), flashCookie("email-verified")]);
  }
  const verdict = await countResendRequest(app, user.id);
  if (verdict.limited) return redirectWithCookies(back, [flashCookie("verification-wait")]);
  await (await app.auth()).api.sendVerificationEmail({
    body: { email: user.email, callbackURL: EMAIL_VERIFIED_PATH },
    headers: request.headers,
    request,
  });
  return redirectWithCookies(back, [flashCookie("verification-sent")]);
}
