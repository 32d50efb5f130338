import { Trans, useLingui } from "@lingui/react";
import { type ReactElement, useMemo } from "react";
import type { MessageKey, MessageValues } from "./catalogs";
import { formattersFor } from "./format";
import { isLocale, type Locale } from "./locales";

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The page's translator: `t("common.nav.home")`, `t("common.nav.logoutNamed", { name })`. */
export function useT(): Translate {
  const { _ } = useLingui();
  return _ as Translate;
}

export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : "en";
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
  return <Trans id={id} values={values} components={components} />;
}

/** Dates, times and numbers as the page's language writes them (Bangla digits in Bangla). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(() => formattersFor(locale), [locale]);
}
