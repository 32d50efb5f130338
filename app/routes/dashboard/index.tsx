import { Link } from "react-router";
import { appContext } from "~/core/context";
import { memberInvolvementOf } from "~/features/involvement/involvement-screen.server";
import { formatMinor, paymentsOfUser } from "~/features/members/dues.server";
import { receiptPdfPath } from "~/features/members/dues-mails.server";
import { findClaimableStudent } from "~/features/members/members.server";
import type { ApiApplication } from "~/features/members/membership";
import { applicationsOf } from "~/features/members/membership.server";
import { Message, useT } from "~/i18n/react";
import { menuFor } from "~/wiring/dashboard-menu";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import { YourInvolvement } from "./__your-involvement";
import { YourReceipts } from "./__your-receipts";
import type { Route } from "./+types/index";

export const loader = screenLoader(async ({ context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  const involvement = await memberInvolvementOf(app, user.id);
  const [claimable, applications, payments] = await Promise.all([
    findClaimableStudent(app.db, user),
    applicationsOf(app.db, user.id),
    paymentsOfUser(app.db, user.id),
  ]);
  const receipts = payments.map((payment) => ({
    receiptNumber: payment.receiptNumber,
    session: payment.session,
    amount: `${formatMinor(payment.amountMinor)} ${payment.currency}`,
    method: payment.method,
    paidOn: payment.paidOn,
    href: receiptPdfPath(payment.receiptNumber),
  }));
  return {
    involvement,
    role: user.role,
    displayName: user.displayName,
    claimable: claimable?.name,
    applications,
    receipts,
  };
});

/** The person's membership applications and their decisions (with the reason, when given). */
function YourApplications({ applications }: { applications: ApiApplication[] }) {
  const t = useT();
  if (applications.length === 0) return null;
  return (
    <section aria-labelledby="your-applications" className="card mx-auto mb-6 w-full max-w-2xl p-4">
      <h2 id="your-applications" className="font-semibold text-navy-900">
        {t("dashboard.home.applications")}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {applications.map((application) => (
          <li key={application._id} className="text-slate-800">
            {t("dashboard.home.applicationSession", {
              session: application.session ?? t("dashboard.home.sessionNotGiven"),
            })}{" "}
            <strong>{t("dashboard.home.applicationStatus", { status: application.status })}</strong>
            {application.reason && <span> ({application.reason})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Someone signed in with the email of a student record an admin made: they are offered to claim it. */
function ClaimOffer({ name }: { name: string }) {
  const t = useT();
  return (
    <aside
      aria-label={t("dashboard.home.claimHeading")}
      className="card mx-auto mb-6 flex max-w-2xl flex-wrap items-center gap-3 border-accent-400 p-4"
    >
      <p className="flex-1 text-slate-800">
        <Message id="dashboard.home.claimText" values={{ name }} components={{ 0: <strong /> }} />
      </p>
      <Link to="/dashboard/profile" className="btn-accent">
        {t("dashboard.home.claim")}
      </Link>
    </aside>
  );
}

function ComingSoon({ displayName }: { displayName: string }) {
  const t = useT();
  return (
    <section className="card mx-auto max-w-2xl p-8 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">
        {t("dashboard.home.hello", { name: displayName })}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">{t("dashboard.home.comingSoonHeading")}</h1>
      <p className="mt-4 text-slate-700">{t("dashboard.home.comingSoonText")}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        <li>
          <Link to="/dashboard/profile" className="btn-accent">
            {t("dashboard.home.updateProfile")}
          </Link>
        </li>
        <li>
          <Link to="/dashboard/notifications" className="btn-navy">
            {t("dashboard.home.emailNotifications")}
          </Link>
        </li>
        <li>
          <Link to="/events" className="btn-navy">
            {t("dashboard.home.seeWhatsComing")}
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The admin's home: the spec's root content, then every screen of the menu (what the phone's Menu link opens before JavaScript runs). */
export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const offer = (
    <>
      {loaderData.claimable && <ClaimOffer name={loaderData.claimable} />}
      <YourApplications applications={loaderData.applications} />
      <YourInvolvement involvement={loaderData.involvement} />
      <YourReceipts receipts={loaderData.receipts} />
    </>
  );
  if (!loaderData.role) {
    return (
      <>
        {offer}
        <ComingSoon displayName={loaderData.displayName} />
      </>
    );
  }
  return (
    <section className="flex flex-col gap-5">
      {offer}
      <div>
        <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.title")}</h1>
        <p className="mt-2 text-slate-700">
          <Link to="/dashboard/profile" className="font-medium text-navy-700 underline">
            {t("dashboard.home.rootContent")}
          </Link>
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {menuFor(loaderData.role).map((group) => (
          <li key={group.heading} className="card p-4">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-accent-700">{t(group.heading)}</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={`/dashboard/${link.to}`} className="btn border border-slate-300 text-navy-900">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
