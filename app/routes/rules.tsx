import { MarkdownText } from "~/components/markdown-text";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/core/context";
import { readRenderedTexts, readSiteSettings } from "~/core/settings.server";
import { useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/rules";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: ({ t }) => t("public.rules.heading"),
    description: ({ t, clubName }) => t("public.rules.description", { clubName }),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [settings, html] = await Promise.all([readSiteSettings(app), readRenderedTexts(app)]);
  return {
    lead: settings.rulesLead,
    committee: settings.committeeRoles,
    membershipHtml: html.membershipRules,
    conductHtml: html.conductRules,
  };
}

export default function Rules({ loaderData: page }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("public.rules.eyebrow")} title={t("public.rules.heading")}>
        <p>{page.lead}</p>
      </PageHeader>
      <div className="container-page space-y-14 py-12">
        <section aria-labelledby="committee">
          <h2 id="committee" className="text-2xl font-bold text-navy-900">
            {t("public.rules.committee")}
          </h2>
          <dl className="mt-6 grid gap-4 md:grid-cols-3">
            {page.committee.map((item) => (
              <div key={item.role} className="card p-5">
                <dt className="font-semibold text-navy-900">{item.role}</dt>
                <dd className="mt-2 text-sm leading-relaxed text-slate-600">{item.duty}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="grid gap-10 md:grid-cols-2">
          <RuleList id="membership" heading={t("public.rules.membership")} html={page.membershipHtml} />
          <RuleList id="conduct" heading={t("public.rules.conduct")} html={page.conductHtml} />
        </div>
      </div>
    </>
  );
}

function RuleList({ id, heading, html }: { id: string; heading: string; html: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-navy-900">
        {heading}
      </h2>
      <MarkdownText html={html} steps className="mt-6 leading-relaxed text-slate-700" />
    </section>
  );
}
