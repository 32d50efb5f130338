import { MarkdownText } from "~/components/markdown-text";
import { PageHeader } from "~/components/page-header";
import { rules } from "~/content/rules";
import { appContext } from "~/context";
import { readRenderedTexts, readSiteSettings } from "~/domain/settings.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/rules";

export function meta(args: Route.MetaArgs) {
  const clubName = args.loaderData?.clubName ?? "the club";
  return seoMeta(args, {
    title: rules.heading,
    description: `How ${clubName} is run: the committee roles, who can become a member and the rules of conduct for members.`,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [settings, html] = await Promise.all([readSiteSettings(app), readRenderedTexts(app)]);
  return {
    clubName: settings.clubName,
    lead: settings.rulesLead,
    committee: settings.committeeRoles,
    membershipHtml: html.membershipRules,
    conductHtml: html.conductRules,
  };
}

export default function Rules({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="How the club works" title={rules.heading}>
        <p>{page.lead}</p>
      </PageHeader>
      <div className="container-page space-y-14 py-12">
        <section aria-labelledby="committee">
          <h2 id="committee" className="text-2xl font-bold text-navy-900">
            {rules.committeeHeading}
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
          <RuleList id="membership" heading={rules.membershipHeading} html={page.membershipHtml} />
          <RuleList id="conduct" heading={rules.conductHeading} html={page.conductHtml} />
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
