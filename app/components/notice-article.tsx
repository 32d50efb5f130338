import type { ApiNotice } from "~/features/collections/notices";
import { Message, useFormat, useLangOf, useT } from "~/i18n/react";

/** What a notice's article is labelled by: the page's h1 names the notice (see PageHeader's titleId). */
export const NOTICE_TITLE_ID = "notice-title";

/** One notice as the notice board opens it: date, description and its PDF, under the page's h1 naming it. */
export function NoticeArticle({ notice }: { notice: ApiNotice }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <article aria-labelledby={NOTICE_TITLE_ID} className="card p-6 sm:p-8">
      <p className="text-sm text-slate-600">
        <Message
          id="public.notice.publishedOn"
          values={{ date: format.date(notice.publishing_date) }}
          components={{ 0: <time dateTime={notice.publishing_date} /> }}
        />
      </p>
      <p lang={langOf(notice.description)} className="mt-6 text-lg leading-relaxed text-slate-800">
        {notice.description}
      </p>
      <p className="mt-8">
        <a href={notice.pdfFile} className="btn-accent" download type="application/pdf">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
          </svg>
          {t("public.notice.details")}
          <span className="sr-only"> {t("public.notice.pdf")}</span>
        </a>
      </p>
    </article>
  );
}
