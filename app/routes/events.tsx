import { NavLink, Outlet, useParams } from "react-router";
import { PageHeader } from "~/components/page-header";
import { eventCategories, eventsPage } from "~/content/events";

/** The events layout: the 'Our Events' sidebar beside the chosen category. */
export default function EventsLayout() {
  const current = useParams().category ?? eventCategories[0].slug;
  return (
    <>
      <PageHeader eyebrow="Learn, compete, grow" title={eventsPage.heading} />
      <div className="container-page grid grid-cols-1 gap-8 py-10 md:grid-cols-[15rem_1fr] md:gap-12">
        <nav aria-labelledby="our-events" className="md:sticky md:top-24 md:self-start">
          <h2 id="our-events" className="text-lg font-bold text-navy-900">
            {eventsPage.sidebarHeading}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2 md:flex-col">
            {eventCategories.map((category) => (
              <li key={category.slug}>
                <NavLink
                  to={`/events/${category.slug}`}
                  aria-current={category.slug === current ? "page" : undefined}
                  className={`flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold no-underline ${
                    category.slug === current
                      ? "bg-navy-900 text-white"
                      : "border border-slate-200 text-navy-900 hover:bg-slate-50 md:border-transparent"
                  }`}
                >
                  {category.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <Outlet />
        </div>
      </div>
    </>
  );
}
