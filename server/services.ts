import { createContentVersionReader } from "~/core/content-version.server";
import type { AppServices } from "~/core/context";
import { openDatabase } from "~/db/client.server";
import { authLoader } from "~/features/accounts/auth.server";
import { authSecret } from "~/features/accounts/auth-settings.server";
import { verificationMailSender } from "~/features/accounts/email-verification.server";
import type { Config } from "~/lib/config.server";
import type { JobQueue } from "~/lib/job-queue.server";
import type { createLogger } from "~/lib/logger.server";
import { createStorage } from "~/lib/storage/index.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { createVersionedCache } from "~/lib/versioned-cache.server";
import { createDemoAccounts, type DemoAccount } from "~/seed/demo-accounts.server";
import { seedDemoContentOnce } from "~/seed/seed.server";
import { startBackgroundJobs } from "~/wiring/background-jobs.server";

export interface StartedServices {
  services: AppServices;
  /** On the first start with demo content: the demo accounts, whose passwords are shown once. */
  demoAccounts: DemoAccount[];
  close(): Promise<void>;
}

/**
 * What a server process runs on, the same for the production server and the dev server:
 * the database (migrated; the embedded one from `snapshot` when it is new), better-auth,
 * media storage, the demo content on a first start, and the content version readers.
 */
export async function startServices(args: {
  config: Config;
  log: ReturnType<typeof createLogger>;
  /** A release's start snapshot (app/db/start-snapshot.server.ts); without one, a first start is slower. */
  snapshot?: string;
}): Promise<StartedServices> {
  const { config, log, snapshot } = args;
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR, snapshot },
  );
  log.info({ database: database.kind }, "database ready, migrations applied");
  if (database.postgres17Backup) {
    log.warn(
      { backup: database.postgres17Backup },
      "the embedded database was copied to PostgreSQL 18; the PostgreSQL 17 original is kept beside it and may be removed",
    );
  }
  // better-auth queues mail (address verification) through the jobs, which start further down.
  let jobs: JobQueue | undefined;
  const mailJobs = () => {
    if (!jobs) throw new Error("The job queue has not started yet.");
    return jobs;
  };
  const secret = authSecret(config);
  const sendVerificationMail = verificationMailSender({ db: database.db, config, log, secret, jobs: mailJobs });
  const auth = authLoader({ db: database.db, config, log, sendVerificationMail });
  const storage = await createStorage(config);
  let demoAccounts: DemoAccount[] = [];
  if (config.SEED_DEMO) {
    const { seeded } = await seedDemoContentOnce({ db: database.db, storage, log, snapshot });
    if (seeded) demoAccounts = await createDemoAccounts({ auth, db: database.db });
  }
  const contentVersion = createContentVersionReader(database.db);
  const contentCache = createVersionedCache({ currentVersion: () => contentVersion.current() });
  const settingsCache = createVersionedCache({ currentVersion: () => contentVersion.settings(), maxEntries: 10 });
  const background = await startBackgroundJobs({
    database,
    config,
    log,
    secret,
    storage,
    uploadTempDir: uploadTempDir(config.DATA_DIR),
    settingsCache,
  });
  jobs = background.jobs;
  return {
    services: {
      db: database.db,
      database,
      config,
      log,
      auth,
      storage,
      contentVersion,
      contentCache,
      settingsCache,
      jobs: background.jobs,
      secret,
    },
    demoAccounts,
    async close() {
      await background.stop();
      await database.close();
    },
  };
}

/**
 * The last lines before the site is ready: its address and, on the first start, the demo
 * accounts, whose random passwords are shown here once and stored nowhere in clear.
 */
export function printReady(port: number, demoAccounts: DemoAccount[], note?: string) {
  const lines = [`  Club website ready at http://localhost:${port}${note ? ` (${note})` : ""}`];
  if (demoAccounts.length) {
    lines.push("", "  Demo accounts (shown only this once, change the passwords on /dashboard/profile):");
    for (const account of demoAccounts) {
      lines.push(
        `    ${account.role.padEnd(9)} email:    ${account.email}`,
        `              password: ${account.password}`,
      );
    }
  }
  // Past the logger (server/main.ts sends console.* through it): these lines are for people.
  process.stdout.write(`\n${lines.join("\n")}\n\n`);
}
