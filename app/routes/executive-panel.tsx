import { data, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { useClubName } from "~/components/use-club-name";
import { panelLinks } from "~/content/site";
import { appContext } from "~/core/context";
import { PANEL_PATTERN, panelPath } from "~/features/collections/executives";
import { listPanel, listPanelNames } from "~/features/collections/executives.server";
import { useT } from "~/i18n/react";
import { seoMeta } from "~/lib/seo";
import { PanelMembers } from "./__panel-members";
import type { Route } from "./+types/executive-panel";

export function meta(args: Route.MetaArgs) {
  const panel = args.loaderData?.panel;
  if (!panel) return [];
  return seoMeta(args, {
    title: ({ t }) => t("people.panel.title", { panel }),
    description: ({ t, clubName }) => t("people.panel.description", { panel, clubName }),
    path: panelPath(panel),
  });
}

/** Serves /executive-panel-2021, /2020-panel, /2019-panel, /2018-panel and /panels/{panel}. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const panel = params.panel ?? panelLinks.find((link) => link.to === url.pathname)?.panel;
  if (!panel || !PANEL_PATTERN.test(panel)) throw data(null, { status: 404 });
  const [members, storedPanels] = await Promise.all([
    app.contentCache.read(`panel:${panel}`, () => listPanel(app.db, panel)),
    app.contentCache.read("panel-names", () => listPanelNames(app.db)),
  ]);
  const fixed = panelLinks.map((link) => link.panel as string);
  if (members.length === 0 && !fixed.includes(panel)) throw data(null, { status: 404 });
  const otherPanels = [...new Set([...fixed, ...storedPanels])]
    .filter((name) => name !== panel)
    .sort()
    .reverse();
  return { panel, members, otherPanels };
}

export default function ExecutivePanel({ loaderData }: Route.ComponentProps) {
  const clubName = useClubName();
  const t = useT();
  const { panel, members, otherPanels } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("people.panel.eyebrow")} title={t("people.panel.title", { panel })}>
        <p>{t("people.panel.description", { panel, clubName })}</p>
      </PageHeader>
      <div className="container-page py-10">
        <PanelMembers members={members} emptyText={t("people.panel.empty", { panel })} />
        <nav aria-labelledby="other-panels" className="mt-14 border-t border-slate-200 pt-8">
          <h2 id="other-panels" className="text-lg font-bold text-navy-900">
            {t("people.panel.otherPanels")}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {otherPanels.map((name) => (
              <li key={name}>
                <Link
                  to={panelPath(name)}
                  className="flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-navy-900 no-underline hover:bg-slate-50"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
