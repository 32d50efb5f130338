import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { collectionPatterns, collections, DASHBOARD_PATH } from "./features/collections/collections";

const eachCollection = Object.values(collections);

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
  route("details/:detailsId", "routes/details.tsx"),
  route("notice", "routes/notice.tsx", [index("routes/notice.index.tsx"), route(":slug", "routes/notice.slug.tsx")]),
  route("notice-demo", "routes/notice-demo.ts"),
  route("results", "routes/results.tsx"),
  route("results/:slug", "routes/results.contest.tsx"),
  route("rankings/:slug", "routes/rankings.series.tsx"),
  route("rankings/:slug/ranking.csv", "routes/rankings.series-csv.ts"),
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
  // A draft's private preview: the public page's view in the public frame, for admins and editors.
  route(`${DASHBOARD_PATH}/preview/:collection/:id`, "routes/dashboard/preview.tsx"),
  route(DASHBOARD_PATH, "routes/dashboard/layout.tsx", { id: "dashboard" }, [
    index("routes/dashboard/index.tsx"),
    route("profile", "routes/dashboard/profile.tsx"),
    route("users", "routes/dashboard/users.tsx"),
    route("users.csv", "routes/dashboard/users-export.ts"),
    route("audit", "routes/dashboard/audit.tsx"),
    route("audit.csv", "routes/dashboard/audit-export.ts"),
    route("make-admin", "routes/dashboard/make-admin.tsx"),
    // Dashboard content: one list and one form module for every collection, at the paths it names.
    ...eachCollection.flatMap((collection) => [
      route(collection.screens.list, "routes/dashboard/collection-list.tsx", {
        id: `dashboard-list-${collection.key}`,
      }),
      route(collection.screens.add, "routes/dashboard/collection-form.tsx", { id: `dashboard-add-${collection.key}` }),
      route(`${collection.screens.list}.csv`, "routes/dashboard/collection-export.ts", {
        id: `dashboard-export-${collection.key}`,
      }),
      ...(collection.csvImport
        ? [
            route(`${collection.screens.list}/import`, "routes/dashboard/collection-import.tsx", {
              id: `dashboard-import-${collection.key}`,
            }),
          ]
        : []),
    ]),
    route(":collection/:id/edit", "routes/dashboard/collection-form.tsx", { id: "dashboard-edit" }),
    route("students/:id/account", "routes/dashboard/student-account.tsx"),
    route("events/:id/registrations", "routes/dashboard/event-registrations.tsx"),
    route("events/:id/registrations.csv", "routes/dashboard/event-registrations-export.ts"),
    // DOMjudge import files (teams.json, accounts.tsv…) in one zip: one generation, one set of passwords.
    route("events/:id/domjudge.zip", "routes/dashboard/event-domjudge-export.ts"),
    route("domjudge.zip", "routes/dashboard/domjudge-export.ts"),
    route("events/:id/check-in", "routes/dashboard/event-check-in.tsx"),
    route("check-in", "routes/dashboard/check-in.tsx"),
    route("events/:id/certificates", "routes/dashboard/event-certificates.tsx"),
    route("review", "routes/dashboard/review.tsx"),
    route("membership", "routes/dashboard/membership.tsx"),
    route("review.csv", "routes/dashboard/review-export.ts"),
    route("api-tokens", "routes/dashboard/api-tokens.tsx"),
    route("notifications", "routes/dashboard/notifications.tsx"),
    route("webhooks", "routes/dashboard/webhooks.tsx"),
    route("outbox", "routes/dashboard/outbox.tsx"),
    route("outbox/:id", "routes/dashboard/outbox-mail.tsx"),
    route("jobs", "routes/dashboard/jobs.tsx"),
    route("standings", "routes/dashboard/standings.tsx"),
    route("standings/template.csv", "routes/dashboard/standings-template.ts"),
    route("standings/:id", "routes/dashboard/standings.contest.tsx"),
    route("rankings", "routes/dashboard/rankings.tsx"),
    // The whole site as one archive (the restore is `npm run restore`).
    route("backup", "routes/dashboard/backup.tsx"),
    route("backup.tar", "routes/dashboard/backup-download.ts"),
    // The site's settings, one tab per group: the first at /dashboard/settings.
    route("settings", "routes/dashboard/settings.tsx", { id: "dashboard-settings" }),
    route("settings/:group", "routes/dashboard/settings.tsx", { id: "dashboard-settings-group" }),
  ]),
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
  route("api/events/:id/registrations", "routes/api/event-registrations.ts"),
  route("api/events/:id/check-ins", "routes/api/event-check-ins.ts"),
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
