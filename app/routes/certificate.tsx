import { data, redirect } from "react-router";
import { PageHeader } from "~/components/page-header";
import { TextField } from "~/components/text-field";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { appContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import { type Certificate, certificatePath, certificatePdfPath } from "~/features/events/certificates";
import { findCertificate, normaliseCertificateCode } from "~/features/events/certificates.server";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { readFormData } from "~/lib/form-actions.server";
import { todayIn } from "~/lib/format";
import type { Route } from "./+types/certificate";

/** A typed code is shown back on the not-found page: at most this much of it. */
const SHOWN_CODE_MAX = 40;

/** The title is the page's own `<title>`, in the reader's language. */
export function meta() {
  // A certificate is its holder's to share, not for search engines.
  return [{ name: "robots", content: "noindex" }];
}

/**
 * /certificates/{code}: whether a certificate is genuine, for anyone given its code. The code
 * may come in any case, with or without dashes. An unknown code answers 404 with a page that
 * helps type it again.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [certificate, settings] = await Promise.all([findCertificate(app.db, params.code), readSiteSettings(app)]);
  const page = { certificate: certificate ?? null, clubName: settings.clubName };
  if (!certificate) return data({ ...page, typedCode: params.code.slice(0, SHOWN_CODE_MAX) }, 404);
  return { ...page, typedCode: params.code };
}

/** The not-found page's form: the code typed again, opened at its own address. */
export async function action({ request }: Route.ActionArgs) {
  const typed = String((await readFormData(request)).get("code") ?? "").trim();
  const code = normaliseCertificateCode(typed) ?? typed;
  return redirect(code ? certificatePath(code) : new URL(request.url).pathname);
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { certificate, clubName, typedCode } = loaderData;
  const t = useT();
  return (
    <>
      <title>
        {certificate ? t("people.certificate.titleOf", { code: certificate.code }) : t("people.certificate.notFound")}
      </title>
      {certificate ? (
        <GenuineCertificate certificate={certificate} clubName={clubName} />
      ) : (
        <UnknownCode typedCode={typedCode} clubName={clubName} />
      )}
    </>
  );
}

function GenuineCertificate({ certificate, clubName }: { certificate: Certificate; clubName: string }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const facts: [string, string, string?][] = [
    [t("people.certificate.awardedTo"), certificate.personName],
    [t("people.certificate.event"), certificate.eventName],
    [t("people.certificate.date"), format.date(certificate.eventDate)],
    [t("people.certificate.issuedBy"), clubName],
    [t("people.certificate.code"), certificate.code, "font-mono tracking-wider"],
    [t("people.certificate.issuedOn"), format.date(todayIn(timeZone, new Date(certificate.issuedAt)))],
  ];
  return (
    <>
      <PageHeader eyebrow={t("people.certificate.eyebrow")} title={t("people.certificate.genuine")}>
        {t("people.certificate.genuineIntro", { clubName })}
      </PageHeader>
      <div className="container-page flex flex-col items-start gap-6 py-10">
        <dl className="card grid w-full max-w-3xl grid-cols-1 gap-x-8 gap-y-1 border-t-4 border-t-accent-400 p-6 sm:grid-cols-[auto_1fr] sm:gap-y-3">
          {facts.map(([term, value, style]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-600">{term}</dt>
              <dd lang={langOf(value)} className={`mb-2 text-lg text-navy-900 sm:mb-0 ${style ?? ""}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <a href={certificatePdfPath(certificate.code)} className="btn-accent">
          {t("people.certificate.download")}
        </a>
      </div>
    </>
  );
}

function UnknownCode({ typedCode, clubName }: { typedCode: string; clubName: string }) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("people.certificate.eyebrow")} title={t("people.certificate.notFound")}>
        {t("people.certificate.notFoundIntro", { code: typedCode, clubName })}
      </PageHeader>
      <div className="container-page py-10">
        <form method="post" className="card flex max-w-3xl flex-col gap-4 p-6">
          <p id="code-hint" className="text-slate-700">
            {t("people.certificate.codeHint")}
          </p>
          <TextField
            label={t("people.certificate.typeCode")}
            name="code"
            required
            maxLength={SHOWN_CODE_MAX}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="code-hint"
            className="min-h-11 max-w-xs rounded-lg border border-slate-300 px-3 font-mono text-base uppercase tracking-wider focus:border-navy-700"
          />
          <button type="submit" className="btn-navy self-start">
            {t("people.certificate.check")}
          </button>
        </form>
      </div>
    </>
  );
}
