import { type Certificate, certificatePath, certificatePdfPath } from "~/features/events/certificates";
import { useFormat, useLangOf, useT } from "~/i18n/react";

/**
 * The signed-in person's certificates on their dashboard: each event with its date, the page
 * that proves it (to share) and the PDF. Its loader reads them with `certificatesOfUser`.
 */
export function MyCertificates({ certificates }: { certificates: readonly Certificate[] }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <section aria-labelledby="my-certificates" className="card flex flex-col gap-3 p-6">
      <h2 id="my-certificates" className="text-lg font-bold text-navy-900">
        {t("accounts.certificates.heading")}
      </h2>
      {certificates.length === 0 ? (
        <p className="text-slate-600">{t("accounts.certificates.empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {certificates.map((certificate) => (
            <li
              key={certificate.code}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 sm:flex-nowrap"
            >
              <div className="min-w-0">
                <p lang={langOf(certificate.eventName)} className="font-semibold text-navy-900">
                  {certificate.eventName}
                </p>
                <p className="text-sm text-slate-600">{format.date(certificate.eventDate)}</p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <a
                  href={certificatePath(certificate.code)}
                  className="btn border border-slate-300"
                  aria-label={t("accounts.certificates.pageOf", { event: certificate.eventName })}
                >
                  {t("accounts.certificates.page")}
                </a>
                <a
                  href={certificatePdfPath(certificate.code)}
                  className="btn-navy"
                  aria-label={t("accounts.certificates.pdfOf", { event: certificate.eventName })}
                >
                  {t("accounts.certificates.pdf")}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
