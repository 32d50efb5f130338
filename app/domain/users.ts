import { z } from "zod";

/** The admin plugin's role value for admins; anything else (or none) is a General user. */
export const ADMIN_ROLE = "admin";

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
    role: z.literal(ADMIN_ROLE).optional(),
  });
}

export type ApiUser = z.infer<ReturnType<typeof userRecord>>;

/** The role column of the users table. */
export function roleLabel(user: Pick<ApiUser, "role">): string {
  return user.role === ADMIN_ROLE ? "admin" : "General";
}

/** The question a role change asks before it is made (the dialog, and the no-JavaScript step). */
export function roleChangeQuestion(intent: "make-admin" | "revoke-admin", email: string) {
  return intent === "revoke-admin"
    ? { title: "Revoke admin?", description: `${email} will become a General user.` }
    : { title: "Make admin?", description: `${email} will be able to manage the whole site.` };
}
