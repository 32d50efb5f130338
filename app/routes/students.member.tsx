import { data, Link } from "react-router";
import { InvolvementCounts } from "~/components/involvement-counts";
import { MemberPracticeSection } from "~/components/member-practice";
import { PageHeader } from "~/components/page-header";
import { ResponsiveImage } from "~/components/responsive-image";
import { eventPagePath, eventTypeLabelKey } from "~/content/events";
import { appContext } from "~/core/context";
import { type Certificate, certificatePath } from "~/features/events/certificates";
import { certificatesOfUser } from "~/features/events/certificates.server";
import type { AttendedEvent } from "~/features/events/registrations";
import { eventsAttendedBy } from "~/features/events/registrations.server";
import { publicInvolvementOf } from "~/features/involvement/involvement-screen.server";
import { JUDGES, memberPath } from "~/features/members/members";
import { findStudentBySlug, handlesOf } from "~/features/members/members.server";
import { practiceOf } from "~/features/practice/progress.server";
import { seriesPositionsOf } from "~/features/standings/rankings.server";
import { contestHistoryOf } from "~/features/standings/standings.server";
import { type Translate, useFormat, useLangOf, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/students.member";

export function meta(args: Route.MetaArgs) {
  const member = args.loaderData;
  // A missing member's title comes from the error page.
  if (!member) return [];
  const { batchNumber: batch, name } = member;
  return seoMeta(args, {
    title: name,
    description: ({ t }) =>
      batch === null
        ? t("people.member.description", { name })
        : t("people.member.descriptionWithBatch", { name, batch }),
    path: memberPath(member.slug),
  });
}

/** `/students/{slug}`: a member's public page. A hidden email is not read into the page at all. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const member = await app.contentCache.read(`member:${params.slug}`, async () => {
    const row = await findStudentBySlug(app.db, params.slug);
    if (!row) return undefined;
    const [attended, certificates, contests, rankings, practice] = await Promise.all([
      row.userId ? eventsAttendedBy(app.db, row.userId) : [],
      row.userId ? certificatesOfUser(app.db, row.userId) : [],
      contestHistoryOf(app.db, row.id),
      seriesPositionsOf(app.db, row.id),
      practiceOf(app.db, row.id),
    ]);
    return { row, attended, certificates, contests, rankings, practice };
  });
  if (!member) throw data(null, { status: 404 });
  const { row, attended, certificates, contests, rankings, practice } = member;
  // Outside the page's cache: attendance marks don't change the content's version.
  const involvement = await publicInvolvementOf(app, row);
  return {
    involvement,
    practice,
    rankings,
    attended,
    certificates,
    contests,
    slug: row.slug,
    name: row.name,
    batch: row.batch,
    /** The batch in the reader's digits, for the page's description. */
    batchNumber: row.batch === null ? null : translatorFor(request).format.number(row.batch),
    session: row.session,
    email: row.emailVisible ? row.email : null,
    photoURL: row.photoURL,
    handles: handlesOf(row),
    github: row.github,
    linkedin: row.linkedin,
    bio: row.bio,
  };
}

export default function MemberPage({ loaderData: member }: Route.ComponentProps) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  const handles = JUDGES.flatMap((judge) => {
    const handle = member.handles[judge.key];
    return handle ? [{ label: judge.label, handle, href: judge.profileUrl(handle) }] : [];
  });
  const links = [
    member.github && { label: "GitHub", href: member.github },
    member.linkedin && { label: "LinkedIn", href: member.linkedin },
  ].filter((link): link is { label: string; href: string } => Boolean(link));
  return (
    <>
      <PageHeader eyebrow={t("people.member.eyebrow")} title={member.name} />
      <div className="container-page grid gap-8 py-10 md:grid-cols-[16rem_1fr]">
        <div className="flex flex-col gap-4">
          <ResponsiveImage
            src={member.photoURL}
            alt={t("people.card.portrait", { name: member.name })}
            width={400}
            height={400}
            sizes="(min-width: 768px) 256px, 160px"
            loading="eager"
            className="aspect-square w-40 rounded-xl bg-slate-100 object-cover md:w-full"
          />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-navy-900">{t("people.member.batch")}</dt>
            <dd>{member.batch === null ? t("people.member.notGiven") : format.number(member.batch)}</dd>
            <dt className="font-semibold text-navy-900">{t("people.member.session")}</dt>
            <dd>{member.session ?? t("people.member.notGiven")}</dd>
            <dt className="font-semibold text-navy-900">{t("people.member.email")}</dt>
            <dd className="[overflow-wrap:anywhere]">
              {member.email ? (
                <a href={`mailto:${member.email}`} className="text-navy-700 underline">
                  {member.email}
                </a>
              ) : (
                t("people.member.emailHidden")
              )}
            </dd>
          </dl>
        </div>
        <div className="flex flex-col gap-8">
          {member.bio && (
            <p lang={langOf(member.bio)} className="max-w-2xl whitespace-pre-line text-lg text-slate-700">
              {member.bio}
            </p>
          )}
          <section aria-labelledby="member-handles">
            <h2 id="member-handles" className="text-xl font-bold text-navy-900">
              {t("people.member.handles")}
            </h2>
            {handles.length + links.length === 0 ? (
              <p className="mt-2 text-slate-600">{t("people.member.noHandles")}</p>
            ) : (
              <ul className="mt-3 flex flex-wrap gap-2">
                {handles.map((handle) => (
                  <li key={handle.label}>
                    <a
                      href={handle.href}
                      rel="noreferrer"
                      className="btn border border-slate-300 bg-white text-navy-900"
                    >
                      {handle.label}: {handle.handle}
                    </a>
                  </li>
                ))}
                {links.map((link) => (
                  <li key={link.label}>
                    <a
                      href={link.href}
                      rel="noreferrer nofollow"
                      className="btn border border-slate-300 bg-white text-navy-900"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <MemberPracticeSection practice={member.practice} hasCodechef={Boolean(member.handles.codechef)} />
          {member.involvement && (
            <section aria-labelledby="member-involvement" className="flex flex-col gap-2">
              <h2 id="member-involvement" className="text-xl font-bold text-navy-900">
                {t("tools.involvement.publicHeading")}
              </h2>
              <InvolvementCounts row={member.involvement.row} term={member.involvement.term} />
            </section>
          )}
          <EventsAttended events={member.attended} />
          <Certificates certificates={member.certificates} />
          <ContestHistory contests={member.contests} rankings={member.rankings} />
        </div>
      </div>
    </>
  );
}

function EventsAttended({ events }: { events: AttendedEvent[] }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <section aria-labelledby="member-events">
      <h2 id="member-events" className="text-xl font-bold text-navy-900">
        {t("people.member.events")}
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("people.member.nothingYet")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {events.map((event) => (
            <li key={`${event.eventType}/${event.slug}`} className="flex flex-wrap items-baseline gap-x-3">
              <Link to={eventPagePath(event)} lang={langOf(event.name)} className="font-medium text-navy-700 underline">
                {event.name}
              </Link>
              <span className="text-sm text-slate-600">
                {[
                  eventTypeName(event.eventType, t),
                  event.startsOn && format.date(event.startsOn),
                  event.teamName && t("people.member.team", { name: event.teamName }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Certificates({ certificates }: { certificates: Certificate[] }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <section aria-labelledby="member-certificates">
      <h2 id="member-certificates" className="text-xl font-bold text-navy-900">
        {t("people.member.certificates")}
      </h2>
      {certificates.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("people.member.nothingYet")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {certificates.map((certificate) => (
            <li key={certificate.code} className="flex flex-wrap items-baseline gap-x-3">
              <Link
                to={certificatePath(certificate.code)}
                lang={langOf(certificate.eventName)}
                className="font-medium text-navy-700 underline"
              >
                {certificate.eventName}
              </Link>
              <span className="text-sm text-slate-600">
                {format.date(certificate.eventDate)} · {t("people.member.certificateCode", { code: certificate.code })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type ContestLine = Awaited<ReturnType<typeof contestHistoryOf>>[number];
type RankingLine = Awaited<ReturnType<typeof seriesPositionsOf>>[number];

function ContestHistory({ contests, rankings }: { contests: ContestLine[]; rankings: RankingLine[] }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <section aria-labelledby="member-contests">
      <h2 id="member-contests" className="text-xl font-bold text-navy-900">
        {t("people.member.contests")}
      </h2>
      {rankings.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1">
          {rankings.map((ranking) => (
            <li key={ranking.slug}>
              <Link to={`/rankings/${ranking.slug}`} className="font-medium text-navy-700 underline">
                {ranking.name}
              </Link>
              <span className="text-sm text-slate-600">
                {" "}
                · {t("people.member.seriesPlace", { rank: format.number(ranking.rank), of: format.number(ranking.of) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {contests.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("people.member.nothingYet")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {contests.map((contest) => (
            <li key={contest.slug} className="flex flex-wrap items-baseline gap-x-3">
              <Link
                to={`/results/${contest.slug}`}
                lang={langOf(contest.name)}
                className="font-medium text-navy-700 underline"
              >
                {contest.name}
              </Link>
              <span className="text-sm text-slate-600">
                {[
                  contest.heldOn && format.date(contest.heldOn),
                  contest.rank === null
                    ? t("people.member.unranked")
                    : t("people.member.rankOf", {
                        rank: format.number(contest.rank),
                        participants: format.number(contest.participants),
                      }),
                  contest.scoring === "icpc"
                    ? t("people.member.solved", { solved: format.number(contest.solved) })
                    : t("people.member.points", { score: format.number(contest.score ?? 0) }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An event's type as the events pages name it; a type they don't list, as stored. */
function eventTypeName(eventType: string, t: Translate): string {
  const key = eventTypeLabelKey(eventType);
  return key ? t(key) : eventType;
}
