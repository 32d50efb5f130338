import { useLocation } from "react-router";
import { LOCALE_NAMES, type Locale } from "~/i18n/locales";
import { Message, useLocale } from "~/i18n/react";

/** Where a bar has no room for the whole name (the dashboard's on a phone). */
const SHORT_NAMES: Record<Locale, string> = { en: "EN", bn: "বাং" };

/**
 * One button naming the other language in its own words. A plain form, not React Router's:
 * the whole page must come back in the new language, with or without JavaScript. The button
 * speaks the page's language; only the language's name is marked as the other one, so a
 * screen reader reads each part with its own voice.
 */
export function LanguageSwitch({
  className = "",
  shortOnPhones = false,
}: {
  className?: string;
  shortOnPhones?: boolean;
}) {
  const other: Locale = useLocale() === "en" ? "bn" : "en";
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/language" data-language-switch className={className}>
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        className={`btn min-h-11 border border-navy-700 px-2.5 text-sm text-white lg:min-h-9 lg:border-0 ${
          shortOnPhones ? "max-sm:px-2" : ""
        }`}
      >
        <span className="sr-only">
          <Message
            id="common.language.switchTo"
            values={{ language: LOCALE_NAMES[other] }}
            components={{ 0: <span lang={other} /> }}
          />
        </span>
        <span aria-hidden="true" lang={other}>
          {shortOnPhones ? (
            <>
              <span className="sm:hidden">{SHORT_NAMES[other]}</span>
              <span className="hidden sm:inline">{LOCALE_NAMES[other]}</span>
            </>
          ) : (
            LOCALE_NAMES[other]
          )}
        </span>
      </button>
    </form>
  );
}
