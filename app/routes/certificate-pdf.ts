import { appContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import { renderCertificatePdf } from "~/features/events/certificate-pdf.server";
import { certificatePath } from "~/features/events/certificates";
import { findCertificate } from "~/features/events/certificates.server";
import { translatorFor } from "~/i18n/translate.server";
import type { Route } from "./+types/certificate-pdf";

/**
 * /certificates/{code}/certificate.pdf: the certificate to print or keep, drawn on each request
 * (a few milliseconds). Kept by caches for minutes only: a removed registration takes its
 * certificate with it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [certificate, settings] = await Promise.all([findCertificate(app.db, params.code), readSiteSettings(app)]);
  if (!certificate) {
    return new Response(translatorFor(request).t("people.certificate.notFound"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const pdf = await renderCertificatePdf({
    ...certificate,
    clubName: settings.clubName,
    verifyUrl: `${app.config.BASE_URL}${certificatePath(certificate.code)}`,
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="certificate-${certificate.code}.pdf"`,
      "Cache-Control": "public, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
