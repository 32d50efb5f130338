import { Link } from "react-router";
import { footerColumns, type SiteSettings } from "~/content/site";

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-navy-950 text-slate-200">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact
          </h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{settings.address}</p>
            <p>
              Phone:{" "}
              <a className="text-slate-100 underline" href={`tel:${settings.phone.replace(/[^+\d]/g, "")}`}>
                {settings.phone}
              </a>
            </p>
            <p>Fax: {settings.fax}</p>
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
            <ul className="mt-3 space-y-1 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-block py-1.5 text-slate-200 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="border-t border-navy-800">
        <p className="container-page py-4 text-sm text-slate-300">
          Copyright © {settings.foundedYear}-{year} {settings.clubName}, {settings.universityName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
