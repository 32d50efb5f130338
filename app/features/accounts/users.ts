import { z } from "zod";
import { ROLES, type Role, roleLabels } from "~/core/roles";

/** The admin plugin's role value for admins. */
export const ADMIN_ROLE = "admin" satisfies Role;

/** The longest display name anywhere: the register and profile forms, the API and better-auth's endpoints. */
export const DISPLAY_NAME_MAX = 100;

/**
 * A user record as the JSON API returns it; `role` is absent for General users, as in the spec.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function userRecord() {
  return z.strictObject({
    _id: z.string(),
    displayName: z.string(),
    email: z.string(),
    role: z.enum(ROLES).optional(),
  });
}

export type ApiUser = z.infer<ReturnType<typeof userRecord>>;

/** The role column of the users table. */
export function roleLabel(user: Pick<ApiUser, "role">): string {
  return roleLabels[user.role ?? "general"];
}

export type RoleChangeIntent = "make-admin" | "revoke-admin" | "set-role";
