import { isRouteErrorResponse, Link, NavLink, Outlet, useNavigation } from "react-router";
import { Spinner } from "~/components/spinner";
import { dashboardMenu } from "~/content/accounts";
import { appContext } from "~/context";
import { countPendingReviews } from "~/domain/review.server";
import { requireSignedIn, signedInUser } from "~/domain/session.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true };

/** Every dashboard screen, its actions included, needs a signed-in person. */
export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export function meta() {
  return [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = signedInUser(context);
  return { isAdmin: user.isAdmin, pendingReviews: user.isAdmin ? await countPendingReviews(app.db) : 0 };
}

const sidebarLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm no-underline lg:min-h-9 ${
    isActive ? "bg-accent-400 font-semibold text-navy-950" : "text-slate-100 hover:bg-navy-800"
  }`;

function CountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

function AdminSidebar({ pendingReviews }: { pendingReviews: number }) {
  return (
    // On phones the screen's content comes first and the menu follows it.
    <nav
      aria-label="Dashboard"
      className="order-last rounded-xl bg-navy-900 p-4 text-white lg:order-first lg:w-60 lg:shrink-0"
    >
      <Link to="/dashboard" className="mb-3 block px-3 font-semibold text-white no-underline">
        Dashboard
      </Link>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-1">
        {dashboardMenu.map((group) => (
          <div key={group.heading}>
            <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-accent-400">{group.heading}</h2>
            <ul className="mt-1 flex flex-col gap-0.5">
              {group.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={`/dashboard/${link.to}`} className={sidebarLinkClass}>
                    {link.label}
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

/** Admins get the management menu; General users only the Coming Soon panel and their profile. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  // A screen's data loads before it shows; meanwhile (e.g. opening Teachers) a spinner says so.
  const navigation = useNavigation();
  const loadingScreen = navigation.state === "loading" && navigation.location.pathname.startsWith("/dashboard");
  if (!loaderData.isAdmin) {
    return (
      <div className="container-page py-10">
        <Outlet />
      </div>
    );
  }
  return (
    <div className="container-page flex flex-col gap-6 py-8 lg:flex-row lg:items-start">
      <AdminSidebar pendingReviews={loaderData.pendingReviews} />
      <div className="min-w-0 flex-1" aria-busy={loadingScreen || undefined}>
        {loadingScreen ? <Spinner label="Loading…" /> : <Outlet />}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold text-navy-900">{forbidden ? "Admins only" : "Something went Wrong!!"}</h1>
      <p className="mt-3 text-slate-600">
        {forbidden ? "This part of the dashboard is for admins." : "Please try again in a moment."}
      </p>
      <Link to="/dashboard" className="btn-accent mt-6">
        Back to the dashboard
      </Link>
    </section>
  );
}
