import { PageHeader } from "~/components/page-header";
import { rules } from "~/content/rules";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/rules";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: rules.heading,
    description:
      "How RMSTU Programming Club is run: the committee roles, who can become a member and the rules of conduct for members.",
  });
}

export default function Rules() {
  return (
    <>
      <PageHeader eyebrow="How the club works" title={rules.heading}>
        <p>{rules.lead}</p>
      </PageHeader>
      <div className="container-page space-y-14 py-12">
        <section aria-labelledby="committee">
          <h2 id="committee" className="text-2xl font-bold text-navy-900">
            {rules.committeeHeading}
          </h2>
          <dl className="mt-6 grid gap-4 md:grid-cols-3">
            {rules.committee.map((item) => (
              <div key={item.role} className="card p-5">
                <dt className="font-semibold text-navy-900">{item.role}</dt>
                <dd className="mt-2 text-sm leading-relaxed text-slate-600">{item.duty}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="grid gap-10 md:grid-cols-2">
          <RuleList id="membership" heading={rules.membershipHeading} items={rules.membership} />
          <RuleList id="conduct" heading={rules.conductHeading} items={rules.conduct} />
        </div>
      </div>
    </>
  );
}

function RuleList({ id, heading, items }: { id: string; heading: string; items: readonly string[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-navy-900">
        {heading}
      </h2>
      <ol className="mt-6 space-y-3">
        {items.map((item, index) => (
          <li key={item} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-400 text-sm font-bold text-navy-950"
            >
              {index + 1}
            </span>
            <span className="pt-1 leading-relaxed text-slate-700">{item}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
