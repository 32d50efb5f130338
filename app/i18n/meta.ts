import type { MessageKey, MessageValues } from "./catalogs";
import { DEFAULT_LOCALE, isLocale } from "./locales";
import { translate } from "./registry";

type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
export type MetaTranslate = (key: MessageKey, values?: MessageValues) => string;

/** A route's `meta` runs outside React: it translates in the page's language, the root loader's. */
export function metaTranslator(matches: MetaMatches): MetaTranslate {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { locale?: unknown } | undefined;
  const locale = isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
  return (key, values) => translate(locale, key, values);
}

/**
 * The `<title>` of a page kept out of search engines (dashboard screens, personal links):
 * `privatePageMeta(args, "dashboard.users.heading")`, or a function of the translator.
 */
export function privatePageMeta(
  { matches }: { matches: MetaMatches },
  title: MessageKey | ((t: MetaTranslate) => string),
) {
  const t = metaTranslator(matches);
  return [{ title: typeof title === "function" ? title(t) : t(title) }, { name: "robots", content: "noindex" }];
}
