import { can, type Permission, type Role } from "~/domain/roles";

interface MenuLink {
  to: string;
  label: string;
  /** The count shown beside it (what waits for review). */
  badge?: "pendingReviews";
  /** When it differs from its group's. */
  permission?: Permission;
}

interface MenuGroup {
  heading: string;
  /** Who sees the group's links: each screen asks the server for the same permission. */
  permission: Permission;
  links: readonly MenuLink[];
}

/**
 * The dashboard's menu, grouped as spec section 2 lists it (paths relative to /dashboard). A
 * module of its own: public pages that show account texts (flash messages) don't ship the menu.
 */
export const dashboardMenu: readonly MenuGroup[] = [
  {
    heading: "Events",
    permission: "edit-content",
    links: [
      { to: "all-events", label: "All Events" },
      { to: "add-event", label: "Add Event" },
    ],
  },
  {
    heading: "Check-in",
    permission: "check-in",
    links: [{ to: "check-in", label: "Check-in" }],
  },
  {
    heading: "Notice",
    permission: "edit-content",
    links: [
      { to: "all-notice", label: "All Notice" },
      { to: "add-notice", label: "Add Notice" },
    ],
  },
  {
    heading: "Department",
    permission: "edit-content",
    links: [
      { to: "teachers", label: "Teachers" },
      { to: "add-teacher", label: "Add Teacher" },
      { to: "students", label: "Students" },
      { to: "add-student", label: "Add Student" },
    ],
  },
  {
    heading: "Executive",
    permission: "edit-content",
    links: [
      { to: "all-executive", label: "All Executive" },
      { to: "add-executive", label: "Add Executive" },
    ],
  },
  {
    heading: "Users",
    permission: "manage-site",
    links: [
      { to: "users", label: "Users" },
      { to: "make-admin", label: "Make Admin" },
      { to: "audit", label: "Audit log" },
      { to: "membership", label: "Membership", permission: "edit-content" },
    ],
  },
  {
    heading: "Results",
    permission: "edit-content",
    links: [
      { to: "results", label: "Results" },
      { to: "add-new-results", label: "Add New Results" },
      { to: "standings", label: "Standings" },
      { to: "rankings", label: "Rankings" },
    ],
  },
  {
    // The recent events are the home page's grid (and /details/{id}).
    heading: "Home Page",
    permission: "edit-content",
    links: [
      { to: "recent-events", label: "Recent Events" },
      { to: "add-recent-event", label: "Add Recent Event" },
    ],
  },
  {
    heading: "Review",
    permission: "edit-content",
    // The badge counts what the public forms sent and nobody has reviewed yet.
    links: [{ to: "review", label: "Review queue", badge: "pendingReviews" }],
  },
  {
    // Telling people: subscriptions, chat webhooks, the mail the site sent, background work that failed.
    heading: "Notifications",
    permission: "manage-site",
    links: [
      { to: "notifications", label: "My email notifications", permission: "check-in" },
      { to: "webhooks", label: "Webhooks" },
      { to: "outbox", label: "Outbox" },
      { to: "jobs", label: "Failed jobs" },
    ],
  },
  {
    heading: "Scripts",
    permission: "manage-site",
    links: [{ to: "api-tokens", label: "API tokens" }],
  },
  {
    // The club's facts and the public pages' texts: name, contact, home page, About, Rules, footer.
    heading: "Site",
    permission: "manage-site",
    links: [
      { to: "settings", label: "Settings" },
      { to: "backup", label: "Backup" },
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
