/**
 * Makes `<dir>` the start snapshot (app/db/start-snapshot.server.ts): a migrated, empty
 * embedded database and the demo content. Bundled into each release and run by the build:
 * `node <release>/server/make-start-snapshot.js <dir>`.
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase, openPglite } from "~/db/client.server";
import { basePgdataOf, PGLITE_PID_FILE } from "~/db/start-snapshot.server";
import { createLogger } from "~/lib/logger.server";
import { createDiskStorage } from "~/lib/storage/disk.server";
import { demoMediaDir, exportDemoRows, writeDemoSnapshot } from "~/seed/demo-snapshot.server";
import { seedDemoContentOnce } from "~/seed/seed.server";

async function makeStartSnapshot(snapshot: string) {
  fs.rmSync(snapshot, { recursive: true, force: true });
  const pgdata = basePgdataOf(snapshot);
  const base = await openDatabase({ pglite: await openPglite(pgdata) });
  await base.close();
  fs.rmSync(path.join(pgdata, PGLITE_PID_FILE), { force: true });

  // The demo is drawn into a scratch database, its files straight into the snapshot.
  const scratch = await openDatabase({ pglite: await openPglite("memory://") });
  try {
    const storage = createDiskStorage(demoMediaDir(snapshot));
    await seedDemoContentOnce({ db: scratch.db, storage, log: createLogger("warn"), withMembers: false });
    await writeDemoSnapshot(snapshot, await exportDemoRows(scratch.db));
  } finally {
    await scratch.close();
  }
}

const target = process.argv[2];
if (!target) {
  console.error("Usage: node make-start-snapshot.js <dir>");
  process.exit(2);
}
makeStartSnapshot(path.resolve(target)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
