import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { EAGER_CARDS, PersonCard } from "~/components/person-card";
import { appContext } from "~/core/context";
import { BATCH_NUMBER } from "~/features/members/students";
import { listStudentPage, STUDENT_PAGE_SIZE } from "~/features/members/students.server";
import { useFormat, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { pageNumberFrom } from "~/lib/pagination";
import { pathWithQuery, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/students";

export function meta(args: Route.MetaArgs) {
  const batchName = args.loaderData?.batchName;
  return seoMeta(args, {
    title: ({ t }) =>
      batchName === undefined ? t("people.students.title") : t("people.students.titleOfBatch", { batch: batchName }),
    description: ({ t }) => t("people.students.description"),
    path: pathWithQuery("/students", args.location.search, ["batch", "page"]),
  });
}

/** `?batch=` must be a whole number; anything else shows every batch. */
function batchFrom(searchParams: URLSearchParams): number | undefined {
  const raw = searchParams.get("batch");
  return raw && BATCH_NUMBER.test(raw) ? Number(raw) : undefined;
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { searchParams } = url;
  const batch = batchFrom(searchParams);
  const page = pageNumberFrom(searchParams);
  const students = await app.contentCache.read(`students:${batch ?? "all"}:${page}`, () =>
    listStudentPage(app.db, { batch, page, pageSize: STUDENT_PAGE_SIZE }),
  );
  // Named here, where the reader's language (its digits) is known: the page's title needs it.
  const { t, format } = translatorFor(request);
  const batchName = batch === undefined ? undefined : t("people.students.batchLabel", { batch: format.number(batch) });
  return { students, batch, batchName };
}

function studentsHref(batch: number | undefined, page = 1): string {
  const params = new URLSearchParams();
  if (batch !== undefined) params.set("batch", String(batch));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/students?${query}` : "/students";
}

export default function Students({ loaderData }: Route.ComponentProps) {
  const { students, batch, batchName } = loaderData;
  const t = useT();
  const format = useFormat();
  // The spec's `Batch-{batch}`, its number in the page's digits.
  const batchLabel = (number: number) => t("people.students.batchLabel", { batch: format.number(number) });
  return (
    <>
      <PageHeader eyebrow={t("people.students.eyebrow")} title={t("people.students.title")}>
        <p>{t("people.students.description")}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-8 py-10 lg:grid-cols-[12rem_1fr] lg:gap-10">
        <nav aria-labelledby="jump-batch" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="jump-batch" className="text-lg font-bold text-navy-900">
            {t("people.students.jumpBatch")}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col">
            <li>
              <BatchLink to={studentsHref(undefined)} current={batch === undefined} label={t("people.students.all")} />
            </li>
            {students.batches.map((number) => (
              <li key={number}>
                <BatchLink to={studentsHref(number)} current={batch === number} label={batchLabel(number)} />
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="student-list">
          <h2 id="student-list" className="sr-only">
            {batch === undefined
              ? t("people.students.allHeading")
              : t("people.students.batchHeading", { batch: batchName })}
          </h2>
          <p className="mb-4 text-sm text-slate-600" aria-live="polite">
            {batch === undefined
              ? t("people.students.count", { count: students.total })
              : t("people.students.countInBatch", { count: students.total, batch: batchName })}
          </p>
          {students.items.length === 0 ? (
            <p className="text-slate-600">{t("people.students.empty")}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 sm:gap-6 md:grid-cols-3">
              {students.items.map((student, index) => (
                <li key={student._id}>
                  <PersonCard
                    headingLevel="h3"
                    variant="compact"
                    name={student.name}
                    photoURL={student.photoURL}
                    email={student.email}
                    href={student.profileUrl}
                    lazy={index >= EAGER_CARDS}
                    lines={[
                      student.batch === null
                        ? t("people.students.batchNotGiven")
                        : t("people.students.batchLine", { batch: format.number(student.batch) }),
                      student.session === null
                        ? t("people.students.sessionNotGiven")
                        : t("people.students.sessionLine", { session: student.session }),
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
          <PaginationNav
            page={students.page}
            pageCount={students.pageCount}
            hrefFor={(page) => studentsHref(batch, page)}
            label={t("people.students.pages")}
          />
        </section>
      </div>
    </>
  );
}

function BatchLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold no-underline ${
        current ? "bg-navy-900 text-white" : "border border-slate-300 text-navy-900 hover:bg-slate-50"
      }`}
    >
      {label}
    </Link>
  );
}
