import { data, Link } from "react-router";
import { EventArticle } from "~/components/event-article";
import { NOTICE_TITLE_ID, NoticeArticle } from "~/components/notice-article";
import { PageHeader } from "~/components/page-header";
import { RecentEventArticle } from "~/components/recent-event-article";
import { ResultEntry } from "~/components/result-entry";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { appContext } from "~/core/context";
import { isUnpublished } from "~/core/publishing";
import { statusText } from "~/core/publishing-status";
import { requireSignedIn } from "~/core/session.server";
import { collectionByKey, editPath } from "~/features/collections/collections";
import { findPreviewItem, isPreviewCollection, type PreviewItem } from "~/features/collections/preview.server";
import { privatePageMeta } from "~/i18n/meta";
import { useFormat, useT } from "~/i18n/react";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/preview";

/**
 * The private preview of a notice, event, result or recent event, drafts and scheduled ones
 * included: the public page's own view of it, in the public frame, for admins and editors only.
 * Outside the dashboard's layout (so it looks as visitors will see it) but under /dashboard, so
 * the page cache never keeps it and robots are told to stay away.
 */
export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.preview.item.name;
  return privatePageMeta(args, (t) => (name ? t("dashboard.preview.titleOf", { name }) : t("dashboard.preview.title")));
}

export function headers() {
  return { "X-Robots-Tag": "noindex" };
}

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  if (!isPreviewCollection(params.collection)) throw data(null, { status: 404 });
  const preview = await findPreviewItem(context.get(appContext).db, params.collection, params.id);
  if (!preview) throw data(null, { status: 404 });
  return { preview };
});

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  return (
    <>
      <PreviewBanner preview={preview} />
      <PreviewBody preview={preview} />
    </>
  );
}

function PreviewBanner({ preview }: { preview: PreviewItem }) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const hidden = isUnpublished(preview.item.status);
  return (
    <aside aria-label={t("dashboard.preview.title")} className="border-b border-amber-300 bg-amber-50">
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-amber-950">
        <p className="font-semibold">{t(hidden ? "dashboard.preview.banner" : "dashboard.preview.ofPublished")}</p>
        <p className="rounded bg-white px-2 py-0.5 text-sm font-semibold">
          {statusText(preview.item, { t, format, timeZone })}
        </p>
        <Link
          to={editPath(collectionByKey(preview.collection), preview.item._id)}
          className="text-navy-800 underline"
          reloadDocument
        >
          {t("dashboard.preview.backToForm")}
        </Link>
      </div>
    </aside>
  );
}

/** The item in its public page's own view and header. */
function PreviewBody({ preview }: { preview: PreviewItem }) {
  const t = useT();
  switch (preview.collection) {
    case "notices":
      return (
        <>
          <PageHeader
            eyebrow={t("dashboard.preview.noticesHeading")}
            title={preview.item.name}
            titleId={NOTICE_TITLE_ID}
          />
          <div className="container-page max-w-3xl py-10">
            <NoticeArticle notice={preview.item} />
          </div>
        </>
      );
    case "results":
      return (
        <>
          <PageHeader eyebrow={t("dashboard.preview.resultsEyebrow")} title={t("dashboard.preview.resultsHeading")} />
          <div className="container-page py-10">
            <ResultEntry result={preview.item} lazy={false} />
          </div>
        </>
      );
    case "recent-events":
      return <RecentEventArticle event={preview.item} />;
    case "events":
      return (
        <>
          <PageHeader eyebrow={t("dashboard.preview.eventsHeading")} title={preview.item.name} />
          <div className="container-page max-w-4xl py-10">
            <EventArticle category={preview.category} event={preview.item} />
          </div>
        </>
      );
  }
}
