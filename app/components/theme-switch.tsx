import { useLocation, useRouteLoaderData } from "react-router";
import { isTheme, type Theme } from "~/i18n/locales";
import { useT } from "~/i18n/react";

type ThemeChoice = "system" | Theme;
const CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];

/**
 * Where the switch sits: the public header's menu (a row of its own on phones, an icon in the
 * one-row navigation from 1024 px) or the dashboard's top bar (an icon beside LogOut).
 */
const looks = {
  menu: {
    summary:
      "flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-100 hover:bg-navy-800 lg:size-9 lg:min-h-0 lg:justify-center lg:px-0",
    name: "lg:sr-only",
    choice: "justify-center lg:justify-start",
    choices:
      "mt-1 grid grid-cols-3 gap-1 pl-3 lg:absolute lg:right-0 lg:flex lg:w-40 lg:flex-col lg:rounded-lg lg:bg-navy-900 lg:p-2 lg:shadow-lg",
  },
  bar: {
    summary: "btn size-11 border border-navy-700 p-0 text-white hover:bg-navy-800 lg:size-9 lg:min-h-9",
    name: "sr-only",
    choice: "justify-start",
    choices: "absolute right-0 mt-2 flex w-40 flex-col gap-1 rounded-lg bg-navy-900 p-2 shadow-lg ring-1 ring-navy-700",
  },
} as const;

/**
 * The colour theme: the device's (no cookie) or always light or dark. A <details> of a plain
 * form's buttons, so it opens and posts without JavaScript, and posts as a full page load on
 * hydrated pages too: the server renders `<html data-theme>` from the cookie the post sets.
 * It sits on navy bars, which are navy in both themes. /js/header.js closes it as it closes
 * every disclosure menu (Escape, a click elsewhere, focus leaving it) and gives focus back to
 * its button once the page comes back.
 */
export function ThemeSwitch({ look }: { look: keyof typeof looks }) {
  const t = useT();
  const current = useThemeChoice();
  const { pathname, search } = useLocation();
  const classes = looks[look];
  return (
    // Keyed on the address, so a hydrated page's navigation closes it as a page load would.
    <details key={pathname + search} data-theme-switch data-disclosure className="relative">
      <summary className={`cursor-pointer list-none ${classes.summary}`}>
        <ThemeIcon choice={current} />
        <span className={classes.name}>{t("common.theme.current", { theme: current })}</span>
      </summary>
      <form method="post" action="/theme" aria-label={t("common.theme.label")} className={`z-50 ${classes.choices}`}>
        <input type="hidden" name="redirectTo" value={pathname + search} />
        {CHOICES.map((choice) => (
          <button
            key={choice}
            type="submit"
            name="theme"
            value={choice}
            aria-pressed={choice === current}
            className={`flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-sm font-medium ${classes.choice} ${
              choice === current ? "bg-accent-400 text-navy-950" : "text-slate-100 hover:bg-navy-800 hover:text-white"
            }`}
          >
            <ThemeIcon choice={choice} />
            {t(`common.theme.${choice}`)}
          </button>
        ))}
      </form>
    </details>
  );
}

/** The root loader reads the cookie (the header and the dashboard both sit under it). */
function useThemeChoice(): ThemeChoice {
  const theme = (useRouteLoaderData("root") as { theme?: unknown } | undefined)?.theme;
  return isTheme(theme) ? theme : "system";
}

function ThemeIcon({ choice }: { choice: ThemeChoice }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {choice === "light" && (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      )}
      {choice === "dark" && <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />}
      {choice === "system" && (
        <>
          <rect x="3" y="4" width="18" height="12" rx="2" />
          <path d="M8 20h8M12 16v4" />
        </>
      )}
    </svg>
  );
}
