import type { MessageKey, MessageValues } from "~/i18n/catalogs";
import { metaTranslator } from "~/i18n/meta";

/** Shared by every page; 1200x630 is the size link previews expect. */
export const SOCIAL_IMAGE = { path: "/images/og-image.jpg", width: 1200, height: 630 } as const;

/** What a page's title and description are written with: the page's translator and the club's name. */
export interface SeoText {
  t: (key: MessageKey, values?: MessageValues) => string;
  clubName: string;
}

export interface PageSeo {
  /** A function when it is a message of the catalogs or names the club. */
  title: string | ((text: SeoText) => string);
  description: string | ((text: SeoText) => string);
  /** Canonical path with any query that selects content; defaults to the requested path. */
  path?: string;
  type?: "website" | "article";
}

interface MetaContext {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

interface RootSeoData {
  baseUrl: string;
  settings: { clubName: string };
}

/** `/home` shows the home page, so it shares the canonical URL of `/`. */
function canonicalPath(pathname: string): string {
  if (pathname === "/home") return "/";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The `<title>`, description, canonical link and Open Graph tags of a page. */
export function seoMeta({ matches, location }: MetaContext, page: PageSeo) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootSeoData | undefined;
  const clubName = root?.settings.clubName ?? "";
  const baseUrl = root?.baseUrl ?? "";
  const text: SeoText = { t: metaTranslator(matches), clubName };
  const url = `${baseUrl}${page.path ?? canonicalPath(location.pathname)}`;
  const pageTitle = typeof page.title === "function" ? page.title(text) : page.title;
  const title = pageTitle === clubName || !clubName ? pageTitle : `${pageTitle} | ${clubName}`;
  const description = typeof page.description === "function" ? page.description(text) : page.description;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: clubName },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${baseUrl}${SOCIAL_IMAGE.path}` },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Query parameters that change what a list shows belong in its canonical URL; others do not. */
export function pathWithQuery(pathname: string, search: string, keep: readonly string[]): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value && !(name === "page" && value === "1")) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
