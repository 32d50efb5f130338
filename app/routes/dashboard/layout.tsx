import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { DashboardFrame } from "~/components/dashboard-frame";
import { EmailVerificationBanner } from "~/components/email-verification-banner";
import { FlashMessage } from "~/components/flash-message";
import { Spinner } from "~/components/spinner";
import { defaultSiteSettings } from "~/content/site";
import { appContext } from "~/core/context";
import { can, type Role } from "~/core/roles";
import { requireSignedIn, signedInUser } from "~/core/session.server";
import { countPendingReviews } from "~/features/review/review.server";
import { privatePageMeta } from "~/i18n/meta";
import { useFormat, useT } from "~/i18n/react";
import { revalidateAfterForms } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import type { loader as rootLoader } from "~/root";
import { menuFor } from "~/wiring/dashboard-menu";
import { DashboardError } from "./__dashboard-error";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, ownFrame: true };

/** Every dashboard screen, its actions included, needs a signed-in person. */
export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export const shouldRevalidate = revalidateAfterForms;

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "dashboard.title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = signedInUser(context);
  return {
    role: user.role,
    displayName: user.displayName,
    pendingReviews: can(user, "edit-content") ? await countPendingReviews(app.db) : 0,
  };
}

const sidebarLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm no-underline lg:min-h-8 ${
    isActive ? "bg-accent-400 font-semibold text-navy-950" : "text-slate-100 hover:bg-navy-800"
  }`;

function CountBadge({ count }: { count: number }) {
  const t = useT();
  const format = useFormat();
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
      {format.number(count)}
      <span className="sr-only"> {t("dashboard.nav.waiting")}</span>
    </span>
  );
}

/** The menu of what the role may use; a General user has none. */
function StaffNavigation({ role, pendingReviews }: { role: Role | null; pendingReviews: number }) {
  const t = useT();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // A short screen shows part of the menu: the current screen's link is scrolled into it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest" });
  }, [pathname]);
  if (!role) return null;
  return (
    <nav aria-label={t("dashboard.title")} ref={nav}>
      <NavLink to="/dashboard" end className={sidebarLinkClass}>
        {t("dashboard.title")}
      </NavLink>
      <div className="mt-3 flex flex-col gap-4 lg:gap-2">
        {menuFor(role).map((group) => (
          <div key={group.heading}>
            <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-accent-400">{t(group.heading)}</h2>
            <ul className="mt-1 flex flex-col gap-0.5">
              {group.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={`/dashboard/${link.to}`} className={sidebarLinkClass}>
                    {t(link.label)}
                    {"badge" in link && <CountBadge count={pendingReviews} />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

function useSiteNames() {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings ?? defaultSiteSettings;
  return { clubName: settings.clubName, clubShortName: settings.clubShortName };
}

/** Staff get the menu of their role; General users only the Coming Soon panel and their profile. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const flash = rootData?.flash;
  const unverifiedEmail = rootData?.user?.unverifiedEmail;
  // A screen's data loads before it shows; meanwhile (e.g. opening Teachers) a spinner says so.
  const navigation = useNavigation();
  const loadingScreen = navigation.state === "loading" && navigation.location.pathname.startsWith("/dashboard");
  return (
    <DashboardFrame
      {...useSiteNames()}
      displayName={loaderData.displayName}
      navigation={
        loaderData.role ? (
          <StaffNavigation role={loaderData.role} pendingReviews={loaderData.pendingReviews} />
        ) : undefined
      }
    >
      {unverifiedEmail && <EmailVerificationBanner email={unverifiedEmail} />}
      {flash && <FlashMessage kind={flash} />}
      <div aria-busy={loadingScreen || undefined}>
        {loadingScreen ? <Spinner label="dashboard.loadingScreen" /> : <Outlet />}
      </div>
    </DashboardFrame>
  );
}

/**
 * A screen that failed (its data, a missing record, a dropped connection) shows inside the
 * frame: the navigation and the signed-in top bar stay, with Retry. When the frame's own data
 * failed, the top bar still shows who is signed in.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const frame = useRouteLoaderData<typeof loader>("dashboard");
  const names = useSiteNames();
  const displayName = frame?.displayName ?? user?.displayName;
  if (!displayName) {
    return (
      <main id="main" className="container-page py-16">
        <DashboardError error={error} />
      </main>
    );
  }
  return (
    <DashboardFrame
      {...names}
      displayName={displayName}
      navigation={frame?.role ? <StaffNavigation role={frame.role} pendingReviews={frame.pendingReviews} /> : undefined}
    >
      <DashboardError error={error} />
    </DashboardFrame>
  );
}
