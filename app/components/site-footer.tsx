import { Link } from "react-router";
import { footerColumns, type SiteSettings } from "~/content/site";

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-10 bg-navy-950 text-slate-200 sm:mt-16">
      {/* Phones: the contact block, then the three link lists side by side, so the footer stays short. */}
      <div className="container-page grid grid-cols-3 gap-x-4 gap-y-6 py-8 sm:grid-cols-2 sm:gap-10 sm:py-12 lg:grid-cols-4">
        <section aria-labelledby="footer-contact" className="col-span-3 sm:col-span-1">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact
          </h2>
          <address className="mt-2 space-y-1 text-sm not-italic sm:mt-3 sm:space-y-2">
            <p>{settings.address}</p>
            <p className="flex flex-wrap gap-x-4 sm:block">
              <span>
                Phone:{" "}
                <a className="text-slate-100 underline" href={`tel:${settings.phone.replace(/[^+\d]/g, "")}`}>
                  {settings.phone}
                </a>
              </span>
              <span className="sm:mt-2 sm:block">Fax: {settings.fax}</span>
            </p>
            <p>
              Mail:{" "}
              <a className="text-slate-100 underline" href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </p>
            <p>Opening hours: {settings.openingHours}</p>
          </address>
        </section>
        {footerColumns.map((column) => (
          <section key={column.heading} aria-labelledby={`footer-${column.heading}`}>
            <h2 id={`footer-${column.heading}`} className="text-base font-semibold text-white">
              {column.heading}
            </h2>
            <ul className="mt-1 text-sm sm:mt-3 sm:space-y-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block py-1.5 leading-tight text-slate-200 hover:text-white hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="border-t border-navy-800">
        <p className="container-page py-3 text-xs text-slate-300 sm:py-4 sm:text-sm">
          Copyright © {settings.foundedYear}-{year} {settings.clubName}, {settings.universityName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
