/**
 * Promotes an existing account to admin: `npm run make-admin -- someone@example.org`.
 * Uses the same configuration as the server (.env, DATABASE_URL or DATA_DIR). With the
 * embedded database the server must be stopped first (one process per data directory).
 */
import fs from "node:fs";
import { openDatabase } from "~/db/client.server";
import { DatabaseLockedError } from "~/db/lock.server";
import { findUserByEmail, promoteToAdmin, roleChangeInput } from "~/features/accounts/users.server";
import { ConfigError, loadConfig } from "~/lib/config.server";

async function main(): Promise<number> {
  const input = roleChangeInput.safeParse({ email: process.argv[2] ?? "" });
  if (!input.success) {
    console.error("Usage: npm run make-admin -- someone@example.org");
    return 2;
  }
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    const result = await promoteToAdmin(database.db, input.data.email);
    if (result.modifiedCount === 1) {
      console.log(`${input.data.email} is now an admin.`);
      return 0;
    }
    console.error(result.message);
    // Already admin is the wished-for state; only an unknown account is a failure.
    return (await findUserByEmail(database.db, input.data.email)) ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DatabaseLockedError;
    console.error(known ? `\n${(error as Error).message}\n` : error);
    process.exit(1);
  },
);
