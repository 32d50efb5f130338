import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { EAGER_CARDS, PersonCard } from "~/components/person-card";
import { studentsPage } from "~/content/people";
import { appContext } from "~/context";
import { BATCH_NUMBER, batchLabel } from "~/domain/students";
import { listStudentPage, STUDENT_PAGE_SIZE } from "~/domain/students.server";
import { pageNumberFrom } from "~/lib/pagination";
import { pathWithQuery, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/students";

export function meta(args: Route.MetaArgs) {
  const batch = args.loaderData?.batch;
  return seoMeta(args, {
    title: batch === undefined ? studentsPage.heading : `${studentsPage.heading}: ${batchLabel(batch)}`,
    description: studentsPage.description,
    path: pathWithQuery("/students", args.location.search, ["batch", "page"]),
  });
}

/** `?batch=` must be a whole number; anything else shows every batch. */
function batchFrom(searchParams: URLSearchParams): number | undefined {
  const raw = searchParams.get("batch");
  return raw && BATCH_NUMBER.test(raw) ? Number(raw) : undefined;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { searchParams } = url;
  const batch = batchFrom(searchParams);
  const page = pageNumberFrom(searchParams);
  const students = await app.contentCache.read(`students:${batch ?? "all"}:${page}`, () =>
    listStudentPage(app.db, { batch, page, pageSize: STUDENT_PAGE_SIZE }),
  );
  return { students, batch };
}

function studentsHref(batch: number | undefined, page = 1): string {
  const params = new URLSearchParams();
  if (batch !== undefined) params.set("batch", String(batch));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/students?${query}` : "/students";
}

export default function Students({ loaderData }: Route.ComponentProps) {
  const { students, batch } = loaderData;
  return (
    <>
      <PageHeader eyebrow={studentsPage.subheading} title={studentsPage.heading}>
        <p>{studentsPage.description}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-8 py-10 lg:grid-cols-[12rem_1fr] lg:gap-10">
        <nav aria-labelledby="jump-batch" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="jump-batch" className="text-lg font-bold text-navy-900">
            {studentsPage.jumpBatchHeading}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col">
            <li>
              <BatchLink to={studentsHref(undefined)} current={batch === undefined} label={studentsPage.allLabel} />
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
            {batch === undefined ? "All students" : `Students of ${batchLabel(batch)}`}
          </h2>
          <p className="mb-4 text-sm text-slate-600" aria-live="polite">
            {students.total} {students.total === 1 ? "student" : "students"}
            {batch === undefined ? "" : ` in ${batchLabel(batch)}`}
          </p>
          {students.items.length === 0 ? (
            <p className="text-slate-600">{studentsPage.empty}</p>
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
                      student.batch === null ? "Batch: not given" : `Batch: ${student.batch}`,
                      `Session: ${student.session ?? "not given"}`,
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
            label="Student pages"
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
