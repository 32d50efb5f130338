import { Link } from "react-router";
import { dashboardTexts } from "~/content/accounts";
import { signedInUser } from "~/domain/session.server";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { isAdmin: user.isAdmin, displayName: user.displayName };
}

function ComingSoon({ displayName }: { displayName: string }) {
  return (
    <section className="card mx-auto max-w-2xl p-8 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">Hello, {displayName}</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">{dashboardTexts.comingSoonHeading}</h1>
      <p className="mt-4 text-slate-700">{dashboardTexts.comingSoonText}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        <li>
          <Link to="/dashboard/profile" className="btn-accent">
            Update your profile
          </Link>
        </li>
        <li>
          <Link to="/events" className="btn-navy">
            See what's coming
          </Link>
        </li>
      </ul>
    </section>
  );
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  if (!loaderData.isAdmin) return <ComingSoon displayName={loaderData.displayName} />;
  return (
    <section className="card p-8">
      <h1 className="text-2xl font-bold text-navy-900">Dashboard</h1>
      <p className="mt-3 text-slate-700">
        <Link to="/dashboard/profile" className="font-medium text-navy-700 underline">
          {dashboardTexts.rootContent}
        </Link>
      </p>
    </section>
  );
}
