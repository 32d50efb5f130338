import { can, type Permission, type Role } from "~/core/roles";
import type { MessageKey } from "~/i18n/catalogs";

interface MenuLink {
  to: string;
  label: MessageKey;
  /** The count shown beside it (what waits for review). */
  badge?: "pendingReviews";
  /** When it differs from its group's. */
  permission?: Permission;
}

interface MenuGroup {
  heading: MessageKey;
  /** Who sees the group's links: each screen asks the server for the same permission. */
  permission: Permission;
  links: readonly MenuLink[];
}

/**
 * The dashboard's menu, grouped as spec section 2 lists it (paths relative to /dashboard); its
 * headings and labels are messages of the catalogs. A module of its own: public pages that show
 * account texts (flash messages) don't ship the menu.
 */
export const dashboardMenu: readonly MenuGroup[] = [
  {
    heading: "dashboard.menu.group.events",
    permission: "edit-content",
    links: [
      { to: "all-events", label: "dashboard.menu.allEvents" },
      { to: "add-event", label: "dashboard.menu.addEvent" },
    ],
  },
  {
    heading: "dashboard.menu.group.checkIn",
    permission: "check-in",
    links: [{ to: "check-in", label: "dashboard.menu.checkIn" }],
  },
  {
    heading: "dashboard.menu.group.notice",
    permission: "edit-content",
    links: [
      { to: "all-notice", label: "dashboard.menu.allNotice" },
      { to: "add-notice", label: "dashboard.menu.addNotice" },
    ],
  },
  {
    heading: "dashboard.menu.group.department",
    permission: "edit-content",
    links: [
      { to: "teachers", label: "dashboard.menu.teachers" },
      { to: "add-teacher", label: "dashboard.menu.addTeacher" },
      { to: "students", label: "dashboard.menu.students" },
      { to: "add-student", label: "dashboard.menu.addStudent" },
    ],
  },
  {
    heading: "dashboard.menu.group.executive",
    permission: "edit-content",
    links: [
      { to: "all-executive", label: "dashboard.menu.allExecutive" },
      { to: "add-executive", label: "dashboard.menu.addExecutive" },
    ],
  },
  {
    heading: "dashboard.menu.group.users",
    permission: "manage-site",
    links: [
      { to: "users", label: "dashboard.menu.users" },
      { to: "make-admin", label: "dashboard.menu.makeAdmin" },
      { to: "audit", label: "dashboard.menu.audit" },
      { to: "membership", label: "dashboard.menu.membership", permission: "edit-content" },
    ],
  },
  {
    heading: "dashboard.menu.group.results",
    permission: "edit-content",
    links: [
      { to: "results", label: "dashboard.menu.results" },
      { to: "add-new-results", label: "dashboard.menu.addResults" },
      { to: "standings", label: "dashboard.menu.standings" },
      { to: "rankings", label: "dashboard.menu.rankings" },
    ],
  },
  {
    // The recent events are the home page's grid (and /details/{id}).
    heading: "dashboard.menu.group.homePage",
    permission: "edit-content",
    links: [
      { to: "recent-events", label: "dashboard.menu.recentEvents" },
      { to: "add-recent-event", label: "dashboard.menu.addRecentEvent" },
    ],
  },
  {
    heading: "dashboard.menu.group.review",
    permission: "edit-content",
    // The badge counts what the public forms sent and nobody has reviewed yet.
    links: [{ to: "review", label: "dashboard.menu.review", badge: "pendingReviews" }],
  },
  {
    // Telling people: subscriptions, chat webhooks, the mail the site sent, background work that failed.
    heading: "dashboard.menu.group.notifications",
    permission: "manage-site",
    links: [
      { to: "notifications", label: "dashboard.menu.notifications", permission: "check-in" },
      { to: "webhooks", label: "dashboard.menu.webhooks" },
      { to: "outbox", label: "dashboard.menu.outbox" },
      { to: "jobs", label: "dashboard.menu.jobs" },
    ],
  },
  {
    heading: "dashboard.menu.group.scripts",
    permission: "manage-site",
    links: [{ to: "api-tokens", label: "dashboard.menu.apiTokens" }],
  },
  {
    // The club's facts and the public pages' texts: name, contact, home page, About, Rules, footer.
    heading: "dashboard.menu.group.site",
    permission: "manage-site",
    links: [
      { to: "settings", label: "dashboard.menu.settings" },
      { to: "backup", label: "dashboard.menu.backup" },
    ],
  },
];

/** The groups and links a role may use, in menu order; none for a General user. */
export function menuFor(role: Role | null): MenuGroup[] {
  const user = { role };
  return dashboardMenu.flatMap((group) => {
    const links = group.links.filter((link) => can(user, link.permission ?? group.permission));
    return links.length ? [{ ...group, links }] : [];
  });
}
