import type { Collection } from "../core/collection";
import type { Permission } from "../core/roles";
import { collectionScreenPaths, DASHBOARD_PATH } from "../features/collections/collection-screens";
import type { CollectionKey } from "../features/collections/collections";
import type { MessageKey } from "../i18n/catalogs";

/**
 * Every dashboard screen, once: its path, route module, who may use it and where the menu shows
 * it. routes.ts makes the dashboard's routes from this list, the menu reads it, and the screens'
 * loaders and actions check the permission it names (`screen.server.ts`, found by the route's
 * pattern). Browser-safe and free of route modules' code: routes.ts loads it outside the app's
 * build, without the `~` alias, so it and its imports use relative paths.
 */

/** A permission of roles.ts, or any signed-in person (General users too). */
export type ScreenAccess = Permission | "signed-in";

/** The menu's groups, in its order, with their headings. */
export const MENU_GROUPS = {
  events: "dashboard.menu.group.events",
  checkIn: "dashboard.menu.group.checkIn",
  notice: "dashboard.menu.group.notice",
  department: "dashboard.menu.group.department",
  executive: "dashboard.menu.group.executive",
  users: "dashboard.menu.group.users",
  results: "dashboard.menu.group.results",
  homePage: "dashboard.menu.group.homePage",
  review: "dashboard.menu.group.review",
  notifications: "dashboard.menu.group.notifications",
  scripts: "dashboard.menu.group.scripts",
  site: "dashboard.menu.group.site",
} as const satisfies Record<string, MessageKey>;

export type MenuGroupKey = keyof typeof MENU_GROUPS;

export interface DashboardScreen {
  /** React Router's route id. */
  id: string;
  /** Below /dashboard ("" is the dashboard itself). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** Its page's title, when the title doesn't name what the screen shows (see dashboard-screen-meta.ts). */
  title?: MessageKey;
  /** Who may open it (its loader). */
  access: ScreenAccess;
  /** Who may use its forms (its action), when it differs from `access`. */
  changes?: ScreenAccess;
  /** Its entry in the menu: the group, its label, and the count shown beside it. */
  menu?: { group: MenuGroupKey; label: MessageKey; badge?: "pendingReviews" };
  /** Outside the dashboard's frame (it draws the public page's), with its own sign-in check. */
  frameless?: true;
}

type ScreenFields = Omit<DashboardScreen, "id" | "path" | "file">;

const screen = (path: string, file: string, fields: ScreenFields, id = routeIdOf(file)): DashboardScreen => ({
  id,
  path,
  file: `routes/dashboard/${file}`,
  ...fields,
});

// React Router's own id for a route without one: its file, without the extension.
const routeIdOf = (file: string) => `routes/dashboard/${file.replace(/\.tsx?$/, "")}`;

const edit = "edit-content" satisfies Permission;
const admin = "manage-site" satisfies Permission;

/** A collection's list, add form, CSV export and (when it takes one) CSV import. */
function collectionScreens(
  key: CollectionKey,
  menu: { group: MenuGroupKey; list: MessageKey; add: MessageKey },
): DashboardScreen[] {
  // Its paths alone, not its description: the menu of every dashboard page reads this registry.
  const { screens, csvImport }: Pick<Collection, "screens" | "csvImport"> = collectionScreenPaths[key];
  const { list, add } = screens;
  return [
    screen(
      list,
      "collection-list.tsx",
      { access: edit, menu: { group: menu.group, label: menu.list } },
      `dashboard-list-${key}`,
    ),
    screen(
      add,
      "collection-form.tsx",
      { access: edit, menu: { group: menu.group, label: menu.add } },
      `dashboard-add-${key}`,
    ),
    screen(`${list}.csv`, "collection-export.ts", { access: edit }, `dashboard-export-${key}`),
    ...(csvImport
      ? [screen(`${list}/import`, "collection-import.tsx", { access: edit }, `dashboard-import-${key}`)]
      : []),
  ];
}

/** In menu order within each group (spec section 2); the groups' order is MENU_GROUPS'. */
export const dashboardScreens: readonly DashboardScreen[] = [
  screen("", "index.tsx", { access: "signed-in" }),
  screen("profile", "profile.tsx", { title: "dashboard.profile.heading", access: "signed-in" }),
  ...collectionScreens("events", {
    group: "events",
    list: "dashboard.menu.allEvents",
    add: "dashboard.menu.addEvent",
  }),
  screen("add-event-series", "add-event-series.tsx", {
    title: "dashboard.series.heading",
    access: edit,
    menu: { group: "events", label: "dashboard.menu.addSeries" },
  }),
  screen("check-in", "check-in.tsx", {
    title: "tools.checkIn.title",
    access: "check-in",
    menu: { group: "checkIn", label: "dashboard.menu.checkIn" },
  }),
  ...collectionScreens("notices", {
    group: "notice",
    list: "dashboard.menu.allNotice",
    add: "dashboard.menu.addNotice",
  }),
  ...collectionScreens("teachers", {
    group: "department",
    list: "dashboard.menu.teachers",
    add: "dashboard.menu.addTeacher",
  }),
  ...collectionScreens("students", {
    group: "department",
    list: "dashboard.menu.students",
    add: "dashboard.menu.addStudent",
  }),
  ...collectionScreens("executives", {
    group: "executive",
    list: "dashboard.menu.allExecutive",
    add: "dashboard.menu.addExecutive",
  }),
  screen(":collection/:id/edit", "collection-form.tsx", { access: edit }, "dashboard-edit"),
  screen("users", "users.tsx", {
    title: "dashboard.users.heading",
    access: admin,
    menu: { group: "users", label: "dashboard.menu.users" },
  }),
  screen("users.csv", "users-export.ts", { access: admin }),
  screen("make-admin", "make-admin.tsx", {
    title: "dashboard.makeAdmin.heading",
    access: admin,
    menu: { group: "users", label: "dashboard.menu.makeAdmin" },
  }),
  screen("audit", "audit.tsx", {
    title: "tools.audit.heading",
    access: admin,
    menu: { group: "users", label: "dashboard.menu.audit" },
  }),
  screen("audit.csv", "audit-export.ts", { access: admin }),
  screen("membership", "membership.tsx", {
    title: "tools.membership.title",
    access: edit,
    menu: { group: "users", label: "dashboard.menu.membership" },
  }),
  screen("membership/payments.csv", "membership-payments-export.ts", { access: edit }),
  screen("students/:id/account", "student-account.tsx", { title: "dashboard.studentAccount.title", access: admin }),
  // Members' involvement in a term (sessions, events, contests, roles), weighted as the settings say.
  screen("involvement", "involvement.tsx", {
    title: "tools.involvement.title",
    access: edit,
    menu: { group: "users", label: "dashboard.menu.involvement" },
  }),
  screen("involvement.csv", "involvement-export.ts", { access: edit }),
  // A member's own certificate, or anyone's for admins and editors (the loader checks which).
  screen("involvement/:studentId/certificate.pdf", "involvement-certificate.ts", { access: "signed-in" }),
  ...collectionScreens("results", {
    group: "results",
    list: "dashboard.menu.results",
    add: "dashboard.menu.addResults",
  }),
  screen("standings", "standings.tsx", {
    title: "tools.standings.heading",
    access: edit,
    menu: { group: "results", label: "dashboard.menu.standings" },
  }),
  screen("standings/template.csv", "standings-template.ts", { access: edit }),
  screen("standings/:id", "standings.contest.tsx", { access: edit }),
  screen("rankings", "rankings.tsx", {
    title: "tools.rankings.heading",
    access: edit,
    menu: { group: "results", label: "dashboard.menu.rankings" },
  }),
  // Contests followed live from their judge (the account it reads with is a secret: admins only).
  screen("live-contests", "live-contests.tsx", {
    title: "tools.live.heading",
    access: admin,
    menu: { group: "results", label: "dashboard.menu.liveContests" },
  }),
  screen("live-contests/:id/reveal", "live-contests.reveal.tsx", { title: "tools.live.reveal.heading", access: admin }),
  ...collectionScreens("recent-events", {
    group: "homePage",
    list: "dashboard.menu.recentEvents",
    add: "dashboard.menu.addRecentEvent",
  }),
  // The badge counts what the public forms sent and nobody has reviewed yet.
  screen("review", "review.tsx", {
    title: "dashboard.review.heading",
    access: edit,
    menu: { group: "review", label: "dashboard.menu.review", badge: "pendingReviews" },
  }),
  screen("review.csv", "review-export.ts", { access: edit }),
  // Everyone's own subscription; the menu, which only staff have, shows it to every role.
  screen("notifications", "notifications.tsx", {
    title: "tools.notifications.title",
    access: "signed-in",
    menu: { group: "notifications", label: "dashboard.menu.notifications" },
  }),
  screen("webhooks", "webhooks.tsx", {
    title: "tools.webhooks.heading",
    access: admin,
    menu: { group: "notifications", label: "dashboard.menu.webhooks" },
  }),
  screen("outbox", "outbox.tsx", {
    title: "tools.outbox.heading",
    access: admin,
    menu: { group: "notifications", label: "dashboard.menu.outbox" },
  }),
  screen("outbox/:id", "outbox-mail.tsx", { title: "tools.outbox.mailTitle", access: admin }),
  screen("jobs", "jobs.tsx", {
    title: "tools.jobs.heading",
    access: admin,
    menu: { group: "notifications", label: "dashboard.menu.jobs" },
  }),
  // Members' practice read from Codeforces and AtCoder: each judge's state and errors, and "read now".
  screen("practice-sync", "practice-sync.tsx", {
    title: "dashboard.practice.heading",
    access: admin,
    menu: { group: "results", label: "dashboard.menu.practiceSync" },
  }),
  screen("api-tokens", "api-tokens.tsx", {
    title: "tools.apiTokens.heading",
    access: admin,
    menu: { group: "scripts", label: "dashboard.menu.apiTokens" },
  }),
  // The site's settings, one tab per group: the first at /dashboard/settings.
  screen(
    "settings",
    "settings.tsx",
    { access: admin, menu: { group: "site", label: "dashboard.menu.settings" } },
    "dashboard-settings",
  ),
  screen("settings/:group", "settings.tsx", { access: admin }, "dashboard-settings-group"),
  // The whole site as one archive (the restore is `npm run restore`).
  screen("backup", "backup.tsx", {
    title: "tools.backup.heading",
    access: admin,
    menu: { group: "site", label: "dashboard.menu.backup" },
  }),
  screen("backup.tar", "backup-download.ts", { access: admin }),
  // An event's registrations: check-in staff read them, editors change them.
  screen("events/:id/registrations", "event-registrations.tsx", { access: "check-in", changes: edit }),
  screen("events/:id/registrations.csv", "event-registrations-export.ts", { access: "check-in" }),
  // DOMjudge import files (teams.json, accounts.tsv…) in one zip: one generation, one set of passwords.
  screen("events/:id/domjudge.zip", "event-domjudge-export.ts", { access: edit }),
  screen("domjudge.zip", "domjudge-export.ts", { access: edit }),
  screen("events/:id/check-in", "event-check-in.tsx", { access: "check-in" }),
  // The attendance sheet: staff tick members who came; admins and editors mark its volunteers.
  screen("events/:id/attendance", "event-attendance.tsx", { access: "check-in", changes: edit }),
  screen("events/:id/certificates", "event-certificates.tsx", { access: edit }),
  // A draft's private preview: the public page's view in the public frame, for admins and editors.
  screen("preview/:collection/:id", "preview.tsx", { access: edit, frameless: true }),
];

/** The route pattern React Router reports for a screen (a loader's `pattern`), without the leading "/". */
export function screenPattern(screen: Pick<DashboardScreen, "path">): string {
  return screen.path ? `${DASHBOARD_PATH}/${screen.path}` : DASHBOARD_PATH;
}

const screensByPattern = new Map(dashboardScreens.map((entry) => [screenPattern(entry), entry]));

/** The screen whose route matched this pattern (React Router's may start with "/" or not). */
export function screenOfPattern(pattern: string): DashboardScreen | undefined {
  return screensByPattern.get(pattern.replace(/^\/+/, "").replace(/\/+$/, ""));
}
