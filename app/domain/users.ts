/** The admin plugin's role value for admins; anything else (or none) is a General user. */
export const ADMIN_ROLE = "admin";

/** The longest display name anywhere: the register and profile forms, the API and better-auth's endpoints. */
export const DISPLAY_NAME_MAX = 100;

/** A user record as the JSON API returns it; `role` is absent for General users, as in the spec. */
export interface ApiUser {
  _id: string;
  displayName: string;
  email: string;
  role?: typeof ADMIN_ROLE;
}

/** The role column of the users table. */
export function roleLabel(user: Pick<ApiUser, "role">): string {
  return user.role === ADMIN_ROLE ? "admin" : "General";
}
