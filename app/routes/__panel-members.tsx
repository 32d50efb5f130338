import { EAGER_CARDS, PersonCard } from "~/components/person-card";
import { type ApiExecutive, isLeadingExecutive } from "~/features/collections/executives";
import { useT } from "~/i18n/react";

/** A panel: the president and mentor cards first, then the executives in designation order. */
export function PanelMembers({ members, emptyText }: { members: ApiExecutive[]; emptyText: string }) {
  const t = useT();
  if (members.length === 0) return <p className="card p-6 text-lg text-slate-600">{emptyText}</p>;
  const leading = members.filter(isLeadingExecutive);
  const others = members.filter((member) => !isLeadingExecutive(member));
  return (
    <>
      {leading.length > 0 && (
        <section aria-labelledby="panel-leading">
          <h2 id="panel-leading" className="sr-only">
            {t("people.panel.leading")}
          </h2>
          <ul className="mx-auto grid max-w-3xl gap-6 sm:grid-cols-2">
            {leading.map((member) => (
              <li key={member._id}>
                <ExecutiveCard member={member} lazy={false} featured />
              </li>
            ))}
          </ul>
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="panel-executives" className="mt-12">
          <h2 id="panel-executives" className="mb-6 text-2xl font-bold text-navy-900">
            {t("people.panel.executives")}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 sm:gap-6 md:grid-cols-3">
            {others.map((member, index) => (
              <li key={member._id}>
                <ExecutiveCard member={member} lazy={leading.length > 0 || index >= EAGER_CARDS} variant="compact" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

interface ExecutiveCardProps {
  member: ApiExecutive;
  lazy: boolean;
  featured?: boolean;
  variant?: "portrait" | "compact";
}

function ExecutiveCard({ member, lazy, featured, variant }: ExecutiveCardProps) {
  return (
    <PersonCard
      variant={variant}
      headingLevel="h3"
      name={member.name}
      photoURL={member.photoURL}
      email={member.email}
      lazy={lazy}
      featured={featured}
      lines={[
        <span key="designation" className="font-semibold text-accent-700">
          {member.designation}
        </span>,
        ...(member.title ? [member.title] : []),
      ]}
    />
  );
}
