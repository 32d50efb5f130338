import type { I18n } from "@lingui/core";
import { TransNoContext } from "@lingui/react/server";
import { createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import { langOf } from "~/lib/text";
import type { MessageKey, MessageValues } from "./catalogs";
import { formattersFor } from "./format";
import { isLocale, type Locale } from "./locales";

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The page's translator (one language per document: switching reloads the page). A plain
 * context: Lingui's provider watches for locale changes, which needs a store shim in every
 * browser bundle for nothing.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT() needs an I18nProvider (entry.server.tsx, entry.client.tsx)");
  return i18n;
}

/** The page's translator: `t("common.nav.home")`, `t("common.nav.logoutNamed", { name })`. */
export function useT(): Translate {
  const i18n = useI18n();
  return useMemo(() => (key, values) => i18n._(key, values), [i18n]);
}

export function useLocale(): Locale {
  const { locale } = useI18n();
  return isLocale(locale) ? locale : "en";
}

/**
 * The `lang` attribute of content shown as entered, on this page: `const langOf = useLangOf()`,
 * then `<h2 lang={langOf(notice.name)}>`. Set only where the text's language is not the page's.
 */
export function useLangOf(): (text: string | null | undefined) => Locale | undefined {
  const locale = useLocale();
  return useMemo(() => (text) => langOf(text, locale), [locale]);
}

/**
 * A message with elements inside: `"Read the <0>rules</0>"` with `components={{ 0: <a href="/rules" /> }}`.
 * Plain text needs no component: use `useT()`.
 */
export function Message({
  id,
  values,
  components,
}: {
  id: MessageKey;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n: useI18n() }} />;
}

/** Dates, times and numbers as the page's language writes them (Bangla digits in Bangla). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(() => formattersFor(locale), [locale]);
}
