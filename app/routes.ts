import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { DASHBOARD_PATH } from "./features/collections/collection-screens";
import { collectionPatterns, collections } from "./features/collections/collections";
import { type DashboardScreen, dashboardScreens, screenPattern } from "./wiring/dashboard-screens";

const eachCollection = Object.values(collections);

const framedScreens = dashboardScreens.filter((screen) => !screen.frameless);
const framelessScreens = dashboardScreens.filter((screen) => screen.frameless);

/** A screen's route: below the dashboard's layout by its own path, or on its own by the whole pattern. */
function dashboardRoute(screen: DashboardScreen): RouteConfigEntry {
  if (screen.frameless) return route(screenPattern(screen), screen.file, { id: screen.id });
  return screen.path ? route(screen.path, screen.file, { id: screen.id }) : index(screen.file, { id: screen.id });
}

export default [
  index("routes/home.tsx", { id: "index" }),
  route("home", "routes/home.tsx"),
  route("healthz", "routes/healthz.ts"),
  // Public pages
  route("about", "routes/about.tsx"),
  route("rules", "routes/rules.tsx"),
  // One event's .ics file: a file, not a page, so outside the events pages' layout.
  route("events/:category/:slug/event.ics", "routes/events.event-calendar.ts"),
  route("events", "routes/events.tsx", [
    index("routes/events.category.tsx", { id: "events-default" }),
    route(":category", "routes/events.category.tsx"),
    route(":category/:slug", "routes/events.event.tsx"),
    route(":category/:slug/ticket", "routes/events.ticket.tsx"),
  ]),
  // Anyone given a certificate's code checks it here; the PDF is a file, not a page.
  route("certificates/:code", "routes/certificate.tsx"),
  route("certificates/:code/certificate.pdf", "routes/certificate-pdf.ts"),
  // A membership payment's receipt: its payer, the membership's admins, or the receipt mail's signed link.
  route("receipts/:number/receipt.pdf", "routes/receipt-pdf.ts"),
  route("details/:detailsId", "routes/details.tsx"),
  route("notice", "routes/notice.tsx", [index("routes/notice.index.tsx"), route(":slug", "routes/notice.slug.tsx")]),
  route("notice-demo", "routes/notice-demo.ts"),
  route("results", "routes/results.tsx"),
  route("results/:slug", "routes/results.contest.tsx"),
  // A contest followed live from its judge, its updates (Server-Sent Events; not a page) and its projector view.
  route("results/:slug/live", "routes/results.live.tsx"),
  route("results/:slug/live/events", "routes/results.live-events.ts"),
  route("results/:slug/live/projector", "routes/results.live-projector.tsx"),
  route("rankings/:slug", "routes/rankings.series.tsx"),
  route("rankings/:slug/ranking.csv", "routes/rankings.series-csv.ts"),
  route("practice", "routes/practice.tsx"),
  route("practice.csv", "routes/practice-csv.ts"),
  route("contests", "routes/contests.tsx"),
  route("contests.ics", "routes/contests-ics.ts"),
  route("teachers", "routes/teachers.tsx"),
  route("students", "routes/students.tsx"),
  route("students/:slug", "routes/students.member.tsx"),
  route("search", "routes/search.tsx"),
  route("join", "routes/join.tsx"),
  // Email subscriptions: the form, the confirmation link, and the links at the bottom of every mail.
  route("subscribe", "routes/subscribe.tsx"),
  route("subscribe/confirm/:token", "routes/subscribe.confirm.tsx"),
  route("subscriptions/:token", "routes/subscription-preferences.tsx"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  // A team invitation's link: accept (on the event's page) or decline without an account.
  route("invitations/:token", "routes/invitation.tsx"),
  route("executive-panel-2021", "routes/executive-panel.tsx", { id: "panel-2020-2021" }),
  route("2020-panel", "routes/executive-panel.tsx", { id: "panel-2019-2020" }),
  route("2019-panel", "routes/executive-panel.tsx", { id: "panel-2018-2019" }),
  route("2018-panel", "routes/executive-panel.tsx", { id: "panel-2017-2018" }),
  route("panels/:panel", "routes/executive-panel.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Feeds: Atom for feed readers, iCalendar for calendar apps (not pages: not in the sitemap).
  route("feeds/notices.xml", "routes/feeds.atom.ts", { id: "feed-notices" }),
  route("feeds/events.xml", "routes/feeds.atom.ts", { id: "feed-events" }),
  route("feeds/results.xml", "routes/feeds.atom.ts", { id: "feed-results" }),
  route("feeds/events.ics", "routes/feeds.calendar.ts"),
  // JSON reads (spec section 7)
  route("api/students", "routes/api/students.ts"),
  route("api/teachers", "routes/api/teachers.ts"),
  route("api/all-notice", "routes/api/all-notice.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/executives", "routes/api/executives.ts"),
  route("api/results", "routes/api/results.ts"),
  route("api/recentEvents.JSON", "routes/api/recent-events.ts"),
  route("api/search", "routes/api/search.ts"),
  // Accounts
  route("login", "routes/login.tsx"),
  route("login/callback", "routes/login-callback.ts"),
  route("register", "routes/register.tsx"),
  route("email-verification", "routes/email-verification.ts"),
  route("logout", "routes/logout.ts"),
  // The theme switch's form target: sets the theme cookie and goes back to the page.
  route("theme", "routes/theme.ts"),
  route("language", "routes/language.ts"),
  route("i18n/:file", "routes/i18n-catalog.ts"),
  // The dashboard's screens, each defined once in wiring/dashboard-screens.ts (the preview draws the public frame).
  ...framelessScreens.map(dashboardRoute),
  route(DASHBOARD_PATH, "routes/dashboard/layout.tsx", { id: "dashboard" }, framedScreens.map(dashboardRoute)),
  // Public submission forms: both answered by one module, reviewed before publishing.
  route("notice-form", "routes/public-form.tsx", { id: "notice-form" }),
  route("result-form", "routes/public-form.tsx", { id: "result-form" }),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/user", "routes/api/user.ts"),
  route("api/audit", "routes/api/audit.ts"),
  route("api/users", "routes/api/users.ts"),
  route("api/users/make-admin", "routes/api/users.role.ts", { id: "api-make-admin" }),
  route("api/users/revoke-admin", "routes/api/users.role.ts", { id: "api-revoke-admin" }),
  route("api/users/:email", "routes/api/users.email.ts"),
  route("api/members/me", "routes/api/members.me.ts"),
  route("api/membership-rounds", "routes/api/membership-rounds.ts"),
  route("api/membership-rounds/:id/applications", "routes/api/membership-applications.ts"),
  route("api/membership-applications/:id/:decision", "routes/api/membership-decision.ts"),
  route("api/membership-rounds/:id/payments", "routes/api/membership-payments.ts"),
  route("api/events/:id/registrations", "routes/api/event-registrations.ts"),
  route("api/events/:id/check-ins", "routes/api/event-check-ins.ts"),
  route("api/events/:id/attendance", "routes/api/event-attendance.ts"),
  route("api/registrations/:id", "routes/api/registration.ts"),
  route("api/standings/import", "routes/api/standings-import.ts"),
  route("api/standings/:id", "routes/api/standings.ts"),
  route("api/rankings/:slug", "routes/api/ranking.ts"),
  route("api/events/:id/certificates", "routes/api/event-certificates.ts"),
  // Write API: one add and one item module for every collection, at the paths it names.
  ...eachCollection.flatMap((collection) => [
    route(collectionPatterns.apiAdd(collection), "routes/api/collection-add.ts", { id: `api-add-${collection.key}` }),
    route(collectionPatterns.apiItem(collection), "routes/api/collection-item.ts", {
      id: `api-item-${collection.key}`,
    }),
  ]),
  route("api/review", "routes/api/review.ts"),
  route("api/review/:collection/:id/approve", "routes/api/review.decision.ts", { id: "api-review-approve" }),
  route("api/review/:collection/:id/reject", "routes/api/review.decision.ts", { id: "api-review-reject" }),
  route("api/products-collection", "routes/api/products-collection.ts"),
  route("api/settings", "routes/api/settings.ts"),
  route("api/openapi.json", "routes/api/openapi.ts"),
  // Uploads
  route("api/uploads", "routes/api/uploads.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
