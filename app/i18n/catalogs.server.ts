import crypto from "node:crypto";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { CATALOG_AREAS, type CatalogArea, SERVER_ONLY_AREAS } from "./catalogs";
import bnAccounts from "./catalogs/bn/accounts.json" with { type: "json" };
import bnCommon from "./catalogs/bn/common.json" with { type: "json" };
import bnDashboard from "./catalogs/bn/dashboard.json" with { type: "json" };
import bnMail from "./catalogs/bn/mail.json" with { type: "json" };
import bnMessages from "./catalogs/bn/messages.json" with { type: "json" };
import bnPeople from "./catalogs/bn/people.json" with { type: "json" };
import bnPublic from "./catalogs/bn/public.json" with { type: "json" };
import bnTools from "./catalogs/bn/tools.json" with { type: "json" };
import enAccounts from "./catalogs/en/accounts.json" with { type: "json" };
import enCommon from "./catalogs/en/common.json" with { type: "json" };
import enDashboard from "./catalogs/en/dashboard.json" with { type: "json" };
import enMail from "./catalogs/en/mail.json" with { type: "json" };
import enMessages from "./catalogs/en/messages.json" with { type: "json" };
import enPeople from "./catalogs/en/people.json" with { type: "json" };
import enPublic from "./catalogs/en/public.json" with { type: "json" };
import enTools from "./catalogs/en/tools.json" with { type: "json" };
import type { Locale } from "./locales";
import { provideTranslators } from "./registry";

type SourceCatalog = Record<string, string>;

/** The catalogs as written (ICU source), per language and area: what the catalog test reads. */
export const sourceCatalogs: Record<Locale, Record<CatalogArea, SourceCatalog>> = {
  en: {
    common: enCommon,
    public: enPublic,
    people: enPeople,
    accounts: enAccounts,
    dashboard: enDashboard,
    tools: enTools,
    mail: enMail,
    messages: enMessages,
  },
  bn: {
    common: bnCommon,
    public: bnPublic,
    people: bnPeople,
    accounts: bnAccounts,
    dashboard: bnDashboard,
    tools: bnTools,
    mail: bnMail,
    messages: bnMessages,
  },
};

/** Compiled once per process: requests only look messages up. */
function compiledCatalog(locale: Locale, areas: readonly CatalogArea[]): Messages {
  const compiled: Messages = {};
  for (const area of areas) {
    for (const [key, message] of Object.entries(sourceCatalogs[locale][area])) {
      compiled[key] = compileMessage(message);
    }
  }
  return compiled;
}

const instances = new Map<Locale, I18n>();

/** The shared, read-only translator of one language (server rendering, actions, mails). */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: compiledCatalog(locale, CATALOG_AREAS) } });
    instances.set(locale, i18n);
  }
  return i18n;
}

export interface ClientCatalog {
  /** The compiled messages a browser needs to hydrate a page, as JSON. */
  json: string;
  /** Its address: the content hash makes it cacheable for good. */
  href: string;
}

const clientCatalogs = new Map<Locale, ClientCatalog>();

export function clientCatalogOf(locale: Locale): ClientCatalog {
  let catalog = clientCatalogs.get(locale);
  if (!catalog) {
    const areas = CATALOG_AREAS.filter((area) => !SERVER_ONLY_AREAS.includes(area));
    const json = JSON.stringify(compiledCatalog(locale, areas));
    const hash = crypto.createHash("sha256").update(json).digest("base64url").slice(0, 12);
    catalog = { json, href: `/i18n/${locale}.${hash}.json` };
    clientCatalogs.set(locale, catalog);
  }
  return catalog;
}

provideTranslators(i18nFor);
