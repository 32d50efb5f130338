import { setupI18n } from "@lingui/core";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CATALOG_LINK_ATTRIBUTE } from "~/i18n/client-catalog";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { I18nProvider } from "~/i18n/react";
import { provideTranslators } from "~/i18n/registry";

/**
 * The page's language catalog (preloaded by the document, cached for good under its hash)
 * comes before hydration, so the first client render matches the server's. Without it the
 * page stays as the server rendered it: every form there works without JavaScript.
 */
async function hydrate() {
  const locale = document.documentElement.lang || DEFAULT_LOCALE;
  const href = document.querySelector(`link[${CATALOG_LINK_ATTRIBUTE}]`)?.getAttribute("href");
  if (!href) return;
  const response = await fetch(href);
  if (!response.ok) return;
  const i18n = setupI18n({ locale, messages: { [locale]: await response.json() } });
  provideTranslators((wanted) => (wanted === locale ? i18n : undefined));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
