/**
 * Who may do what, as data: a role is a set of permissions, and every page action and API call
 * asks for a permission (session.server.ts), never for a role. Browser-safe: the dashboard
 * shows only what the signed-in person's permissions allow.
 */
export const ROLES = ["admin", "editor", "check-in"] as const;

export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  /** Users and roles, site settings, API tokens, the audit log, webhooks, mail and jobs, backups. */
  "manage-site": ["admin"],
  /** The collections, the review queue, membership, standings, rankings, events and their registrations. */
  "edit-content": ["admin", "editor"],
  /** The check-in page and the registration lists of events. */
  "check-in": ["admin", "editor", "check-in"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What someone without the permission is told: the API's 403 message, the dashboard's 403 panel. */
export const permissionTexts: Record<Permission, { message: string; heading: string; text: string }> = {
  "manage-site": {
    message: "Only admins may do this.",
    heading: "Admins only",
    text: "This part of the dashboard is for admins.",
  },
  "edit-content": {
    message: "Only admins and editors may do this.",
    heading: "Admins and editors only",
    text: "This part of the dashboard is for admins and editors.",
  },
  "check-in": {
    message: "Only admins, editors and check-in staff may do this.",
    heading: "Staff only",
    text: "This part of the dashboard is for admins, editors and check-in staff.",
  },
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && value in PERMISSIONS;
}

export function isRole(value: unknown): value is Role {
  return ROLES.includes(value as Role);
}

/** A stored role value as a role; anything else (the admin plugin's "user", none) is General. */
export function roleOf(value: unknown): Role | null {
  return isRole(value) ? value : null;
}

export function can(user: { role: Role | null } | null | undefined, permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return Boolean(user?.role && allowed.includes(user.role));
}

/** What the users table and the role menu call each role; no role is a General user. */
export const roleLabels: Record<Role | "general", string> = {
  admin: "admin",
  editor: "Editor",
  "check-in": "Check-in",
  general: "General",
};
