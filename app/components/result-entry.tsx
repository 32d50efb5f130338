import type { ApiResult } from "~/features/collections/results";
import { Message, useFormat, useLangOf, useT } from "~/i18n/react";
import { isPdfLink } from "~/lib/media";
import { ResponsiveImage } from "./responsive-image";

/**
 * Name as subtitle, date, description, the file link, and the sheet picture when there is one;
 * its id is the anchor the results feed links to.
 */
export function ResultEntry({ result, lazy }: { result: ApiResult; lazy: boolean }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  const pdf = isPdfLink(result.pdfFile);
  return (
    <article
      id={`result-${result._id}`}
      className="card grid grid-cols-1 gap-6 overflow-hidden p-5 sm:p-6 md:grid-cols-[3fr_2fr]"
    >
      <div>
        <h3 lang={langOf(result.name)} className="text-xl font-semibold text-navy-900">
          {result.name}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          <Message
            id="people.results.publishedOn"
            values={{ date: format.date(result.publishing_date) }}
            components={{ 0: <time dateTime={result.publishing_date} /> }}
          />
        </p>
        {result.description && (
          <p lang={langOf(result.description)} className="mt-4 leading-relaxed text-slate-700">
            {result.description}
          </p>
        )}
        <p className="mt-6">
          <a href={result.pdfFile} className="btn-navy py-2 text-center" {...(pdf ? { type: "application/pdf" } : {})}>
            {pdf ? t("people.results.pdf") : t("people.results.image")}
          </a>
        </p>
      </div>
      {result.img && (
        <a href={result.img} className="block">
          <ResponsiveImage
            src={result.img}
            alt={t("people.results.sheetAlt", { name: result.name })}
            width={1200}
            height={1600}
            sizes="(min-width: 640px) 24rem, calc(100vw - 4.5rem)"
            loading={lazy ? "lazy" : "eager"}
            fetchPriority={lazy ? undefined : "high"}
            decoding="async"
            className="mx-auto aspect-[4/3] w-full max-w-sm rounded-lg border border-slate-200 object-cover object-top"
          />
        </a>
      )}
    </article>
  );
}
