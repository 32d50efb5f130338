/** The verbs of the audit log; the dashboard filters by them. Browser-safe. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "approve",
  "reject",
  "import",
  "publish",
  "role-change",
  "settings-change",
  "token-create",
  "token-revoke",
  "sign-in-failed",
  "backup",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The things the audit log names, whose labels the catalogs hold; others show as recorded. */
const AUDIT_ENTITIES = [
  "api-tokens",
  "certificates",
  "check-ins",
  "contests",
  "event-mails",
  "events",
  "executives",
  "jobs",
  "membership-applications",
  "membership-rounds",
  "notices",
  "rankings",
  "recent-events",
  "registrations",
  "results",
  "settings",
  "site",
  "students",
  "subscriptions",
  "teachers",
  "users",
  "webhooks",
] as const;

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

export const isAuditEntity = (value: string): value is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(value);
