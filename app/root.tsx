import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { defaultSiteSettings, notFoundText } from "~/content/site";
import { getSiteSettings } from "~/domain/settings.server";
import { pageNeedsJavaScript } from "~/lib/route-handle";

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getSiteSettings(context.db) };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const settings = data?.settings ?? defaultSiteSettings;
  const withScripts = pageNeedsJavaScript(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader clubName={settings.clubName} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter settings={settings} />
        {withScripts && <ScrollRestoration />}
        {withScripts && <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-20 text-center">
      <title>{notFound ? "Page not found" : "Error"}</title>
      <h1 className="text-3xl font-bold text-navy-900">{notFound ? notFoundText : "Something went Wrong!!"}</h1>
      {!notFound && <p className="mt-4 text-slate-600">Please try again in a moment.</p>}
      <a href="/" className="btn-accent mt-8">
        Back to the home page
      </a>
    </section>
  );
}
