/**
 * The admin sidebar, grouped as spec section 2 lists it (paths relative to /dashboard). A module
 * of its own: public pages that show account texts (flash messages) don't ship the menu.
 */
export const dashboardMenu = [
  {
    heading: "Events",
    links: [
      { to: "all-events", label: "All Events" },
      { to: "add-event", label: "Add Event" },
    ],
  },
  {
    heading: "Notice",
    links: [
      { to: "all-notice", label: "All Notice" },
      { to: "add-notice", label: "Add Notice" },
    ],
  },
  {
    heading: "Department",
    links: [
      { to: "teachers", label: "Teachers" },
      { to: "add-teacher", label: "Add Teacher" },
      { to: "students", label: "Students" },
      { to: "add-student", label: "Add Student" },
    ],
  },
  {
    heading: "Executive",
    links: [
      { to: "all-executive", label: "All Executive" },
      { to: "add-executive", label: "Add Executive" },
    ],
  },
  {
    heading: "Users",
    links: [
      { to: "users", label: "Users" },
      { to: "make-admin", label: "Make Admin" },
      { to: "membership", label: "Membership" },
    ],
  },
  {
    heading: "Results",
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
    links: [
      { to: "recent-events", label: "Recent Events" },
      { to: "add-recent-event", label: "Add Recent Event" },
    ],
  },
  {
    heading: "Review",
    // The badge counts what the public forms sent and nobody has reviewed yet.
    links: [{ to: "review", label: "Review queue", badge: "pendingReviews" }],
  },
  {
    // Telling people: subscriptions, chat webhooks, the mail the site sent, background work that failed.
    heading: "Notifications",
    links: [
      { to: "notifications", label: "My email notifications" },
      { to: "webhooks", label: "Webhooks" },
      { to: "outbox", label: "Outbox" },
      { to: "jobs", label: "Failed jobs" },
    ],
  },
  {
    heading: "Scripts",
    links: [{ to: "api-tokens", label: "API tokens" }],
  },
] as const;
