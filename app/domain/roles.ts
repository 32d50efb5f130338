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
