import { z } from "zod";
import { ROLES, type Role, roleLabels } from "./roles";

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

const roleAbilities: Record<Role | "general", string> = {
  admin: "will be able to manage the whole site",
  editor: "will edit content, events and standings, but not users, settings or tokens",
  "check-in": "will only check people in and see the registration lists of events",
  general: "will become a General user",
};

/** The question a role change asks before it is made (the dialog, and the no-JavaScript step). */
export function roleChangeQuestion(intent: RoleChangeIntent, email: string, role: Role | null = null) {
  if (intent === "revoke-admin") return { title: "Revoke admin?", description: `${email} will become a General user.` };
  if (intent === "make-admin") return { title: "Make admin?", description: `${email} ${roleAbilities.admin}.` };
  return { title: "Change the role?", description: `${email} ${roleAbilities[role ?? "general"]}.` };
}
