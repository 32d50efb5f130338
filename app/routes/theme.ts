import { redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/core/context";
import { THEME_COOKIE, THEMES } from "~/i18n/locales";
import { preferenceCookie } from "~/i18n/preferences";
import { safeRedirectPath } from "~/lib/redirect";
import type { Route } from "./+types/theme";

/** "system" follows the device again: the cookie goes, and with it `<html data-theme>`. */
const THEME_CHOICES = ["system", ...THEMES] as const;
const themeChoice = z.object({
  theme: z.enum(THEME_CHOICES),
  redirectTo: z.string().optional(),
});

function plainText(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function loader() {
  return redirect("/");
}

/**
 * The theme switch: a plain form, so it works before (and without) JavaScript. Another site's
 * page may not change someone's theme, and only a path on this site is a place to go back to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config } = context.get(appContext);
  const origin = request.headers.get("origin");
  if (
    (origin !== null && origin !== new URL(config.BASE_URL).origin) ||
    request.headers.get("sec-fetch-site") === "cross-site"
  ) {
    return plainText(403, "theme: change it from this site's own pages");
  }
  const choice = themeChoice.safeParse(Object.fromEntries(await request.formData()));
  if (!choice.success) return plainText(400, `theme: choose one of ${THEME_CHOICES.join(", ")}`);
  const { theme, redirectTo } = choice.data;
  return redirect(safeRedirectPath(redirectTo) ?? "/", {
    status: 303,
    headers: {
      "Set-Cookie":
        theme === "system"
          ? `${THEME_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`
          : preferenceCookie(THEME_COOKIE, theme),
    },
  });
}
