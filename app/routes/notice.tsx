import { Link, NavLink, Outlet, useParams, useRouteLoaderData } from "react-router";
import { DateBadge } from "~/components/date-badge";
import { NOTICE_TITLE_ID } from "~/components/notice-article";
import { PageHeader } from "~/components/page-header";
import { PaginationNav } from "~/components/pagination-nav";
import { noticeBoard } from "~/content/notice-board";
import { appContext } from "~/core/context";
import type { ApiNotice } from "~/features/collections/notices";
import { listNoticePage, NOTICE_PAGE_SIZE } from "~/features/collections/notices.server";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { pageNumberFrom } from "~/lib/pagination";
import type { Route } from "./+types/notice";

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const page = pageNumberFrom(url.searchParams);
  const notices = await app.contentCache.read(`notices:${page}`, () =>
    listNoticePage(app.db, { page, pageSize: NOTICE_PAGE_SIZE }),
  );
  return { notices };
}

/**
 * The notice list on the left; the right side shows the club introduction or the open notice,
 * whose name is then the page's h1, under the board's name.
 */
export default function NoticeBoardLayout({ loaderData }: Route.ComponentProps) {
  const { notices } = loaderData;
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  const openSlug = useParams().slug;
  const openNotice = (useRouteLoaderData("routes/notice.slug") as { notice?: Pick<ApiNotice, "name"> } | undefined)
    ?.notice;
  const pageQuery = notices.page > 1 ? `?page=${notices.page}` : "";
  return (
    <>
      <PageHeader
        eyebrow={t(openNotice ? noticeBoard.heading : noticeBoard.eyebrow)}
        title={openNotice?.name ?? t(noticeBoard.heading)}
        titleId={openNotice ? NOTICE_TITLE_ID : undefined}
      />
      <div className="container-page grid grid-cols-1 gap-10 py-10 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="notice-list" className={openSlug ? "order-last lg:order-none" : ""}>
          <h2 id="notice-list" className="text-xl font-bold text-navy-900">
            {t("public.notice.list")}
          </h2>
          {notices.items.length === 0 ? (
            <p className="mt-4 text-slate-600">{t("public.notice.empty")}</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {notices.items.map((notice) => (
                <li key={notice._id}>
                  <NavLink
                    to={`/notice/${notice.slug}${pageQuery}`}
                    aria-current={notice.slug === openSlug ? "page" : undefined}
                    className={`card flex items-center gap-4 p-3 no-underline transition-shadow hover:shadow-md ${
                      notice.slug === openSlug ? "border-accent-500 ring-2 ring-accent-400" : ""
                    }`}
                  >
                    <DateBadge isoDate={notice.publishing_date} day={notice.day} month={notice.chrMonth} />
                    <span className="min-w-0">
                      <span lang={langOf(notice.name)} className="block font-semibold text-navy-900">
                        {notice.name}
                      </span>
                      <span className="mt-1 block text-sm text-slate-600">
                        {t("public.notice.published", { date: format.date(notice.publishing_date) })}
                      </span>
                    </span>
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
          <PaginationNav
            page={notices.page}
            pageCount={notices.pageCount}
            hrefFor={(page) => (page === 1 ? "/notice" : `/notice?page=${page}`)}
            label={t("public.notice.pages")}
          />
        </section>
        <div>
          <Outlet />
          {openSlug && (
            <p className="mt-6">
              <Link to={`/notice${pageQuery}`} className="text-navy-700 underline">
                {t("public.notice.back")}
              </Link>
            </p>
          )}
        </div>
      </div>
    </>
  );
}
