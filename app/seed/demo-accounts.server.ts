import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "~/core/audit.server";
import { type Role, roleLabels } from "~/core/roles";
import { users } from "~/db/auth-schema";
import { type Database, selectRows } from "~/db/client.server";
import type { LoadAuth } from "~/features/accounts/auth.server";
import { findUserByEmail, setRole } from "~/features/accounts/users.server";

export const DEMO_ADMIN_EMAIL = "admin@example.org";

/** The demo's accounts with a role, the admin first: one of each, to try what each may do. */
export const DEMO_ACCOUNTS = [
  { role: "admin", name: "Demo Admin", email: DEMO_ADMIN_EMAIL },
  { role: "editor", name: "Demo Editor", email: "editor@example.org" },
  { role: "check-in", name: "Demo Door Staff", email: "check-in@example.org" },
] as const satisfies readonly { role: Role; name: string; email: string }[];

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

// The tables the demo fills, for the audit entries that say the seed filled them.
const SEEDED_TABLES = ["notices", "events", "results", "students", "teachers", "executives", "recent_events"] as const;

/**
 * With the demo content come an admin, an editor and a check-in account to try the dashboard
 * with. Their passwords are random and shown once (in the start-up log); there is no default
 * password anywhere. The audit log starts with what the seed did, in the admin's name.
 */
export async function createDemoAccounts({ auth, db }: { auth: LoadAuth; db: Database }): Promise<DemoAccount[]> {
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return [];
  const created: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const password = crypto.randomBytes(12).toString("base64url");
    await (await auth()).api.signUpEmail({ body: { name: account.name, email: account.email, password } });
    // The demo's own addresses need no mail to be trusted (example.org receives none).
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, account.email));
    await setRole(db, account.email, account.role);
    created.push({ role: account.role, email: account.email, password });
  }
  await auditTheSeed(db);
  return created;
}

async function auditTheSeed(db: Database) {
  const admin = await findUserByEmail(db, DEMO_ADMIN_EMAIL);
  const actor = { id: admin?._id ?? null, email: DEMO_ADMIN_EMAIL, ip: "" };
  for (const table of SEEDED_TABLES) {
    const [row] = await selectRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    const entity = table.replace("_", "-");
    await recordAudit(db, actor, { action: "import", entity, label: `Demo content: ${row?.count ?? 0} ${entity}` });
  }
  for (const account of DEMO_ACCOUNTS.slice(1)) {
    await recordAudit(db, actor, {
      action: "role-change",
      entity: "users",
      label: account.email,
      before: { role: roleLabels.general },
      after: { role: roleLabels[account.role] },
    });
  }
}
