import { noticeBoard } from "~/content/notice-board";
import { appContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import { useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/notice.index";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: ({ t }) => t(noticeBoard.heading),
    description: ({ t, clubName }) => t("public.notice.description", { clubName }),
  });
}

/** The club's introduction is the About page's lead and achievements, from the site settings. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await readSiteSettings(context.get(appContext));
  return { lead: settings.aboutLead, achievements: settings.achievements };
}

/** The right side of the board when no notice is open: the club introduction and its activities. */
export default function NoticeBoardIntro({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-labelledby="club-intro" className="navy-surface rounded-2xl bg-navy-900 p-6 text-slate-100 sm:p-8">
      <h2 id="club-intro" className="text-2xl font-bold text-white">
        {t("public.notice.intro")}
      </h2>
      <p className="mt-4 leading-relaxed">{loaderData.lead}</p>
      {loaderData.achievements.length > 0 && (
        <p className="mt-4 leading-relaxed">
          {loaderData.achievements.map((achievement) => `${achievement.figure} ${achievement.label}`).join(" · ")}
        </p>
      )}
      <h3 className="mt-8 text-lg font-semibold text-accent-400">{t("public.notice.activities")}</h3>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {noticeBoard.activities.map((activity) => (
          <li key={activity} className="flex items-center gap-3 rounded-lg bg-navy-800 px-4 py-3">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent-400" />
            {t(activity)}
          </li>
        ))}
      </ul>
    </section>
  );
}
