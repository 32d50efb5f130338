import { data } from "react-router";
import { NoticeArticle } from "~/components/notice-article";
import { appContext } from "~/core/context";
import { findNoticeBySlug } from "~/features/collections/notices.server";
import { seoMeta } from "~/lib/seo";
import { LONG_PREVIEW, previewText } from "~/lib/text";
import type { Route } from "./+types/notice.slug";

export function meta(args: Route.MetaArgs) {
  const notice = args.loaderData?.notice;
  if (!notice) return [];
  return seoMeta(args, {
    title: notice.name,
    description: previewText(notice.description, LONG_PREVIEW),
    type: "article",
  });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const notice = await app.contentCache.read(`notice:${params.slug}`, () => findNoticeBySlug(app.db, params.slug));
  if (!notice) throw data(null, { status: 404 });
  return { notice };
}

export default function NoticeView({ loaderData }: Route.ComponentProps) {
  return <NoticeArticle notice={loaderData.notice} />;
}
