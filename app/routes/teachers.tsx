import { PageHeader } from "~/components/page-header";
import { EAGER_CARDS, PersonCard } from "~/components/person-card";
import { useClubName } from "~/components/use-club-name";
import { appContext } from "~/core/context";
import { listTeachers } from "~/features/collections/teachers.server";
import { useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import { LONG_PREVIEW, previewText } from "~/lib/text";
import type { Route } from "./+types/teachers";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: ({ t }) => t("people.teachers.title"),
    description: ({ t, clubName }) => t("people.teachers.description", { clubName }),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { teachers: await app.contentCache.read("teachers", () => listTeachers(app.db)) };
}

export default function Teachers({ loaderData }: Route.ComponentProps) {
  const clubName = useClubName();
  const t = useT();
  const { teachers } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("people.teachers.eyebrow")} title={t("people.teachers.title")}>
        <p>{t("people.teachers.description", { clubName })}</p>
      </PageHeader>
      <div className="container-page py-10">
        {teachers.length === 0 ? (
          <p className="text-slate-600">{t("people.teachers.empty")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 sm:gap-6 md:grid-cols-3">
            {teachers.map((teacher, index) => (
              <li key={teacher._id}>
                <PersonCard
                  name={teacher.name}
                  photoURL={teacher.photoURL}
                  email={teacher.email}
                  lazy={index >= EAGER_CARDS}
                  lines={[
                    <>
                      <span className="font-semibold text-slate-800">{teacher.designation}</span>,{" "}
                      {t("people.teachers.department")}
                    </>,
                  ]}
                >
                  {teacher.details && (
                    <p className="mt-2 text-sm leading-relaxed text-slate-700">
                      {previewText(teacher.details, LONG_PREVIEW)}
                    </p>
                  )}
                </PersonCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
