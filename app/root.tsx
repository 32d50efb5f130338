import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { appContext } from "~/core/context";
import type { Route } from "./+types/root";
import "./app.css";
import { EmailVerificationBanner } from "~/components/email-verification-banner";
import { FlashMessage } from "~/components/flash-message";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { defaultSiteSettings } from "~/content/site";
import { getDisplayUser } from "~/core/session.server";
import { readSiteSettings, siteFrameOf } from "~/core/settings.server";
import { withoutCookiesForTokenCalls } from "~/features/accounts/auth.server";
import { clientCatalogOf } from "~/i18n/catalogs.server";
import { CATALOG_LINK_ATTRIBUTE } from "~/i18n/client-catalog";
import { LANGUAGE_PARAM, LOCALES } from "~/i18n/locales";
import { preferencesOf } from "~/i18n/preferences";
import { useT } from "~/i18n/react";
import { devReloadScript } from "~/lib/dev-reload";
import { clearFlashCookie, readFlash } from "~/lib/flash.server";
import { revalidateAfterForms } from "~/lib/form-actions";
import { useInlineStylesheet } from "~/lib/inline-stylesheet";
import { useNonce } from "~/lib/nonce";
import { pageHasOwnFrame, pageNeedsJavaScript } from "~/lib/route-handle";
import { feedAutodiscovery } from "~/wiring/feeds.server";

/** Whatever a route answers, a call made with an API token gets no cookie (no session, no flash). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => withoutCookiesForTokenCalls(request, (await next()) as Response),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [allSettings, { user, setCookies }] = await Promise.all([
    readSiteSettings(app),
    getDisplayUser(request.headers, app),
  ]);
  // Only what the header and footer show: hydrated pages carry this in their HTML.
  const settings = siteFrameOf(allSettings);
  const flash = readFlash(request);
  const { locale, theme } = preferencesOf(request);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  if (flash) headers.append("Set-Cookie", clearFlashCookie);
  return data(
    {
      settings,
      baseUrl: app.config.BASE_URL,
      locale,
      theme,
      catalogHref: clientCatalogOf(locale).href,
      user: user && {
        displayName: user.displayName,
        isStaff: user.role !== null,
        // The banner that asks to confirm it; the address is the person's own.
        unverifiedEmail: user.emailVerified ? null : user.email,
      },
      flash,
      // From the loader, so the feeds' names and addresses are data, not code every page downloads.
      feeds: feedAutodiscovery(settings.clubName),
    },
    { headers },
  );
}

export const shouldRevalidate = revalidateAfterForms;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const settings = rootData?.settings ?? defaultSiteSettings;
  const matches = useMatches();
  const withScripts = pageNeedsJavaScript(matches);
  const ownFrame = pageHasOwnFrame(matches);
  const nonce = useNonce();
  const inlineStylesheet = useInlineStylesheet();
  return (
    <html lang={rootData?.locale ?? "en"} data-theme={rootData?.theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {!ownFrame && rootData && <LanguageAlternates baseUrl={rootData.baseUrl} />}
        {withScripts && rootData && (
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={rootData.catalogHref}
            {...{ [CATALOG_LINK_ATTRIBUTE]: "" }}
          />
        )}
        {!ownFrame &&
          rootData?.feeds.map((feed) => (
            // Autodiscovery: a feed reader given any public page finds the site's feeds.
            <link key={feed.href} rel="alternate" type="application/atom+xml" title={feed.title} href={feed.href} />
          ))}
        {withScripts || !inlineStylesheet ? (
          <Links />
        ) : (
          // Our own build's CSS, read on the server at start-up: nothing user-supplied.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS text must not be escaped
          <style dangerouslySetInnerHTML={{ __html: inlineStylesheet }} />
        )}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          <SkipLinkText />
        </a>
        {ownFrame ? (
          children
        ) : (
          <>
            <SiteHeader
              clubName={settings.clubName}
              clubShortName={settings.clubShortName}
              logo={settings.logo}
              user={rootData?.user ?? null}
            />
            <main id="main" className="flex-1">
              {rootData?.user?.unverifiedEmail && <EmailVerificationBanner email={rootData.user.unverifiedEmail} />}
              {rootData?.flash && <FlashMessage kind={rootData.flash} />}
              {children}
            </main>
            <SiteFooter settings={settings} />
          </>
        )}
        <script src="/js/header.js" defer nonce={nonce} />
        {withScripts && <ScrollRestoration nonce={nonce} />}
        {withScripts && <Scripts nonce={nonce} />}
        {import.meta.env.DEV && !withScripts && (
          // Development only: our own constant script (app/lib/dev-reload.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a module script's text must not be escaped
          <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: devReloadScript }} />
        )}
      </body>
    </html>
  );
}

function SkipLinkText() {
  return useT()("common.skipToContent");
}

/**
 * The page in each language at an address of its own (`?lang=`), for search engines; the
 * plain address is the default, which follows the reader's choice.
 */
function LanguageAlternates({ baseUrl }: { baseUrl: string }) {
  const { pathname, search } = useLocation();
  const addressIn = (locale?: string) => {
    const params = new URLSearchParams(search);
    params.delete(LANGUAGE_PARAM);
    if (locale) params.set(LANGUAGE_PARAM, locale);
    const query = params.toString();
    return `${baseUrl}${pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={addressIn(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={addressIn()} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-20 text-center">
      <title>{notFound ? t("common.error.pageNotFoundTitle") : t("common.error.title")}</title>
      <h1 className="text-3xl font-bold text-navy-900">
        {notFound ? t("common.error.pageNotFound") : t("common.error.heading")}
      </h1>
      {!notFound && <p className="mt-4 text-slate-600">{t("common.error.tryAgain")}</p>}
      <a href="/" className="btn-accent mt-8">
        {t("common.error.backHome")}
      </a>
    </section>
  );
}
