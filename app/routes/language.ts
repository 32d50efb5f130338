import { redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/core/context";
import { saveAccountLanguage } from "~/core/mail.server";
import { getSessionUser } from "~/core/session.server";
import { LANGUAGE_COOKIE, LOCALES } from "~/i18n/locales";
import { preferenceCookie } from "~/i18n/preferences";
import { safeRedirectPath } from "~/lib/redirect";
import type { Route } from "./+types/language";

const languageChoice = z.object({
  lang: z.enum(LOCALES),
  redirectTo: z.string().optional(),
});

export function loader() {
  return redirect("/");
}

/** The header's language switch: a plain form, so it works before (and without) JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const choice = languageChoice.safeParse(form);
  if (!choice.success) {
    return new Response(`lang: choose one of ${LOCALES.join(", ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // Signed in: the account remembers it too, so mails sent later (reminders, news) are in it.
  const app = context.get(appContext);
  const user = await getSessionUser(request, app);
  if (user) await saveAccountLanguage(app.db, user.id, choice.data.lang);
  return redirect(withoutLanguageParam(safeRedirectPath(choice.data.redirectTo) ?? "/"), {
    status: 303,
    headers: { "Set-Cookie": preferenceCookie(LANGUAGE_COOKIE, choice.data.lang) },
  });
}

/** Back to the same page, now in the chosen language: an address's `?lang=` would outrank the cookie. */
function withoutLanguageParam(path: string): string {
  const url = new URL(path, "http://local.invalid");
  url.searchParams.delete("lang");
  return `${url.pathname}${url.search}${url.hash}`;
}
