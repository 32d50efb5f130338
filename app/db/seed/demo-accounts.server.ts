import crypto from "node:crypto";
import type { Database } from "~/db/client.server";
import type { Auth } from "~/domain/auth.server";
import { findUserByEmail, promoteToAdmin } from "~/domain/users.server";

export const DEMO_ADMIN_EMAIL = "admin@example.org";

/**
 * With the demo content comes one admin to try the dashboard with. Its password is random
 * and shown once (in the start-up log); there is no default password anywhere.
 */
export async function createDemoAdmin({ auth, db }: { auth: Auth; db: Database }) {
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return null;
  const password = crypto.randomBytes(12).toString("base64url");
  await auth.api.signUpEmail({ body: { name: "Demo Admin", email: DEMO_ADMIN_EMAIL, password } });
  await promoteToAdmin(db, DEMO_ADMIN_EMAIL);
  return { email: DEMO_ADMIN_EMAIL, password };
}
