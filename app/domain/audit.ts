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
