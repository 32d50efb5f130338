import type { MessageKey } from "../i18n/catalogs";

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

/**
 * What someone without the permission is told: the API's 403 message (English, for programs)
 * and the dashboard's 403 panel (messages of the catalogs).
 */
export const permissionTexts: Record<Permission, { message: MessageKey; heading: MessageKey; text: MessageKey }> = {
  "manage-site": {
    message: "messages.permission.manageSite",
    heading: "dashboard.permission.manageSite.heading",
    text: "dashboard.permission.manageSite.text",
  },
  "edit-content": {
    message: "messages.permission.editContent",
    heading: "dashboard.permission.editContent.heading",
    text: "dashboard.permission.editContent.text",
  },
  "check-in": {
    message: "messages.permission.checkIn",
    heading: "dashboard.permission.checkIn.heading",
    text: "dashboard.permission.checkIn.text",
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

/** What the users CSV and the audit log call each role (the dashboard's are messages); no role is a General user. */
export const roleLabels: Record<Role | "general", string> = {
  admin: "admin",
  editor: "Editor",
  "check-in": "Check-in",
  general: "General",
};

/** A role as the catalogs' `{role, select, …}` messages name it (a choice can't hold a hyphen). */
export function roleSelector(role: Role | "general"): string {
  return role === "check-in" ? "checkIn" : role;
}

/**
 * The question a role change asks before it is made, in the page's language (the dialog's; the
 * no-JavaScript step asks the server's English one, users.ts).
 */
export function roleChangeQuestionText(
  t: (key: MessageKey, values?: Record<string, string>) => string,
  intent: "make-admin" | "revoke-admin" | "set-role",
  email: string,
  role: Role | null = null,
) {
  if (intent === "revoke-admin") {
    return { title: t("dashboard.users.revokeTitle"), description: t("dashboard.users.revokeDescription", { email }) };
  }
  const chosen = intent === "make-admin" ? "admin" : (role ?? "general");
  return {
    title: t(intent === "make-admin" ? "dashboard.users.makeAdminTitle" : "dashboard.users.changeRoleTitle"),
    description: t("dashboard.users.roleDescription", { email, role: roleSelector(chosen) }),
  };
}
