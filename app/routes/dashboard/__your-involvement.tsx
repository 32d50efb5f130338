import { Link } from "react-router";
import { InvolvementCounts } from "~/components/involvement-counts";
import type { MemberInvolvement } from "~/features/involvement/involvement-screen.server";
import { useT } from "~/i18n/react";

/** The member's own involvement this term on their dashboard, with its certificate and whether their page shows it. */
export function YourInvolvement({ involvement }: { involvement: MemberInvolvement | undefined }) {
  const t = useT();
  if (!involvement) return null;
  const { row, term } = involvement;
  return (
    <section aria-labelledby="your-involvement" className="card mx-auto mb-6 flex w-full max-w-2xl flex-col gap-3 p-4">
      <h2 id="your-involvement" className="font-semibold text-navy-900">
        {t("tools.involvement.yours")}
      </h2>
      <InvolvementCounts row={row} term={term} />
      <p className="text-sm text-slate-700">
        {t(involvement.shown ? "tools.involvement.shownOnPage" : "tools.involvement.notShownOnPage")}{" "}
        <Link to="/dashboard/profile" className="font-medium text-navy-700 underline">
          {t("tools.involvement.changeOnProfile")}
        </Link>
      </p>
      <a
        href={`/dashboard/involvement/${row._id}/certificate.pdf?term=${term.from}`}
        className="btn border border-slate-300 self-start bg-white"
      >
        {t("tools.involvement.yourCertificate")}
      </a>
    </section>
  );
}
