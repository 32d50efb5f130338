import { Link } from "react-router";
import type { SiteFrame } from "~/content/site";
import { phoneHref } from "~/core/contact";
import { INTL_LOCALES } from "~/i18n/locales";
import { useLangOf, useLocale, useT } from "~/i18n/react";
import { numberFormat } from "~/lib/format";
import { isWebLink } from "~/lib/media";

const linkClass = "inline-block py-1.5 leading-tight text-slate-200 hover:text-white hover:underline";

/** A footer link: a page of this site, or another site's. */
function FooterLink({ label, to }: { label: string; to: string }) {
  const lang = useLangOf()(label);
  return isWebLink(to) ? (
    <a href={to} className={linkClass} rel="noopener" lang={lang}>
      {label}
    </a>
  ) : (
    <Link to={to} className={linkClass} lang={lang}>
      {label}
    </Link>
  );
}

/**
 * A year as the page's language writes its digits ("2001", "২০০১"), without the thousands
 * separator a number would get; any other character (a settings text's) is left as it is.
 */
export function useLocalDigits(): (text: string | number) => string {
  const locale = useLocale();
  const digits = numberFormat(INTL_LOCALES[locale], { useGrouping: false });
  return (text) => String(text).replace(/\d/g, (digit) => digits.format(Number(digit)));
}

function ContactBlock({ settings }: { settings: SiteFrame }) {
  const t = useT();
  const langOf = useLangOf();
  return (
    <section aria-labelledby="footer-contact" className="col-span-3 sm:col-span-1">
      <h2 id="footer-contact" className="text-base font-semibold text-white">
        {t("public.footer.contact")}
      </h2>
      <address className="mt-2 space-y-1 text-sm not-italic sm:mt-3 sm:space-y-2">
        <p lang={langOf(settings.address)}>{settings.address}</p>
        {(settings.phone || settings.fax) && (
          <p className="flex flex-wrap gap-x-4 sm:block">
            {settings.phone && (
              <span>
                {t("public.footer.phone")}{" "}
                <a className="text-slate-100 underline" href={phoneHref(settings.phone)}>
                  {settings.phone}
                </a>
              </span>
            )}
            {settings.fax && <span className="sm:mt-2 sm:block">{t("public.footer.fax", { fax: settings.fax })}</span>}
          </p>
        )}
        <p>
          {t("public.footer.mail")}{" "}
          <a className="text-slate-100 underline" href={`mailto:${settings.email}`}>
            {settings.email}
          </a>
        </p>
        {/* One line with the hours on a phone, so the footer stays short; the links' padding takes no room. */}
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          {settings.openingHours && <span>{t("public.footer.hours", { hours: settings.openingHours })}</span>}
          {settings.socialLinks.map((social) => (
            <a
              key={social.url}
              href={social.url}
              className="-my-1.5 inline-block py-1.5 text-slate-100 underline"
              rel="noopener"
            >
              {social.name}
            </a>
          ))}
        </p>
      </address>
    </section>
  );
}

export function SiteFooter({ settings }: { settings: SiteFrame }) {
  const t = useT();
  const localDigits = useLocalDigits();
  const langOf = useLangOf();
  const year = new Date().getFullYear();
  return (
    <footer className="navy-surface mt-10 bg-navy-950 text-slate-200 sm:mt-16">
      {/* Phones: the contact block, then the three link lists side by side, so the footer stays short. */}
      <div className="container-page grid grid-cols-3 gap-x-4 gap-y-6 py-8 sm:grid-cols-2 sm:gap-10 sm:py-12 lg:grid-cols-4">
        <ContactBlock settings={settings} />
        {settings.footerColumns.map((column, index) => (
          <section key={column.heading} aria-labelledby={`footer-column-${index + 1}`}>
            <h2
              id={`footer-column-${index + 1}`}
              className="text-base font-semibold text-white"
              lang={langOf(column.heading)}
            >
              {column.heading}
            </h2>
            <ul className="mt-1 text-sm sm:mt-3 sm:space-y-1">
              {column.links.map((link) => (
                <li key={`${link.to} ${link.label}`}>
                  <FooterLink {...link} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="border-t border-navy-800">
        <div className="container-page flex flex-wrap justify-between gap-x-6 gap-y-1 py-3 text-xs text-slate-300 sm:py-4 sm:text-sm">
          <p>
            {t("public.footer.copyright", {
              from: localDigits(settings.foundedYear),
              to: localDigits(year),
              clubName: settings.clubName,
              universityName: settings.universityName,
            })}
          </p>
          {/* Phones leave it out: the footer must stay short there. */}
          {settings.motto && (
            <p className="hidden italic sm:block" lang={langOf(settings.motto)}>
              {settings.motto}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
