import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, users } from "~/db/auth-schema";
import { auditLog } from "~/db/schema";
import { authLoader } from "~/features/accounts/auth.server";
import { loadOrCreateAuthSecret } from "~/features/accounts/auth-settings.server";
import {
  findUserByEmail,
  LastAdminError,
  listUserPage,
  promoteListedAdmin,
  promoteToAdmin,
  revokeAdmin,
} from "~/features/accounts/users.server";
import { loadConfig } from "~/lib/config.server";
import { createDemoAccounts, DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL } from "~/seed/demo-accounts.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startServer } from "../support/server";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

describe("users domain", () => {
  let testDb: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-users-"));
  });
  afterAll(async () => {
    await testDb.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const addUser = (email: string, role: string | null = null, emailVerified = true) =>
    testDb.db
      .insert(users)
      .values({ name: email.split("@")[0]!, email, role, emailVerified })
      .returning();

  /** better-auth on the test database; accounts here are made without a request, and proved: no mail. */
  const authWithoutMail = () =>
    authLoader({
      db: testDb.db,
      config: loadConfig({ DATA_DIR: dataDir }),
      log: pino({ level: "silent" }),
      sendVerificationMail: () => Promise.reject(new Error("no mail expected")),
    });

  it("creates the demo accounts once, each with its role and a random password that signs in", async () => {
    const auth = authWithoutMail();
    const accounts = await createDemoAccounts({ auth, db: testDb.db });
    expect(accounts.map((account) => [account.role, account.email])).toEqual(
      DEMO_ACCOUNTS.map((account) => [account.role, account.email]),
    );
    expect(accounts[0]?.email).toBe(DEMO_ADMIN_EMAIL);
    for (const account of accounts) {
      expect(account.password).toMatch(/^[\w-]{16}$/);
      expect((await findUserByEmail(testDb.db, account.email))?.role).toBe(account.role);
      const [row] = await testDb.db.select().from(users).where(eq(users.email, account.email));
      expect(row?.emailVerified, `${account.email} is verified`).toBe(true);
      const signIn = await (await auth()).api.signInEmail({
        body: { email: account.email, password: account.password },
      });
      expect(signIn.user.email).toBe(account.email);
    }
    const entries = await testDb.db.select().from(auditLog);
    expect(entries.filter((entry) => entry.action === "role-change").map((entry) => entry.label)).toEqual([
      "editor@example.org",
      "check-in@example.org",
    ]);
    expect(entries.every((entry) => entry.actorEmail === DEMO_ADMIN_EMAIL)).toBe(true);
    expect(await createDemoAccounts({ auth, db: testDb.db })).toEqual([]);
  });

  it("renews a password hash better-auth made when its owner next signs in, and only then", async () => {
    const auth = authWithoutMail();
    const email = "renewed@example.org";
    const password = "a password from 2025";
    await (await auth()).api.signUpEmail({ body: { name: "Renewed", email, password } });
    await testDb.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await testDb.db.select().from(users).where(eq(users.email, email));
    const storedHash = async () =>
      (await testDb.db.select().from(accounts).where(eq(accounts.userId, user!.id)))[0]?.password;
    const old = await betterAuthHash(password);
    await testDb.db.update(accounts).set({ password: old }).where(eq(accounts.userId, user!.id));

    const signIn = async (attempt: string) => (await auth()).api.signInEmail({ body: { email, password: attempt } });
    await expect(signIn("a wrong password")).rejects.toThrow();
    expect(await storedHash()).toBe(old);
    expect((await signIn(password)).user.email).toBe(email);
    const renewed = await storedHash();
    expect(renewed).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$/);
    expect((await signIn(password)).user.email).toBe(email);
    expect(await storedHash()).toBe(renewed);
  });

  it("keeps a generated auth secret across restarts", () => {
    const first = loadOrCreateAuthSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateAuthSecret(dataDir)).toBe(first);
  });

  it("never lets two admins demote each other into having none", async () => {
    await addUser("first@example.org", "admin");
    await addUser("second@example.org", "admin");
    // The demo admin steps down, leaving exactly the two new admins.
    expect(await revokeAdmin(testDb.db, DEMO_ADMIN_EMAIL)).toEqual({ modifiedCount: 1 });
    const outcomes = await Promise.allSettled([
      revokeAdmin(testDb.db, "first@example.org"),
      revokeAdmin(testDb.db, "second@example.org"),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(LastAdminError);
    const admins = (await testDb.db.select().from(users)).filter((user) => user.role === "admin");
    expect(admins).toHaveLength(1);
  });

  it("promotes a proved ADMIN_EMAILS address when it gets a session, and nobody else", async () => {
    const [listed] = await addUser("listed@example.org");
    const [other] = await addUser("other@example.org");
    const [unproved] = await addUser("unproved@example.org", null, false);
    const adminEmails = ["listed@example.org", "unproved@example.org"];
    await promoteListedAdmin(testDb.db, listed!.id, adminEmails);
    await promoteListedAdmin(testDb.db, other!.id, adminEmails);
    await promoteListedAdmin(testDb.db, unproved!.id, adminEmails);
    expect((await findUserByEmail(testDb.db, "listed@example.org"))?.role).toBe("admin");
    expect((await findUserByEmail(testDb.db, "other@example.org"))?.role).toBeUndefined();
    // Whoever registered a listed address first gets nothing from it without its mailbox.
    expect((await findUserByEmail(testDb.db, "unproved@example.org"))?.role).toBeUndefined();
    expect(await promoteToAdmin(testDb.db, "OTHER@example.org ")).toEqual({ modifiedCount: 1 });
  });
});

/** The compiled script, as `npm run make-admin` runs it (`npm run build` first). */
describe("npm run make-admin", () => {
  const script = path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/make-admin.js");
  const makeAdmin = (env: Record<string, string>, email: string) =>
    run(process.execPath, [script, email], {
      cwd: ROOT,
      // Vitest puts Vite's BASE_URL ("/") into process.env; the script needs a real one.
      env: { ...process.env, BASE_URL: "http://localhost:3000", ...env },
    }).then(
      (result) => ({ code: 0, output: result.stdout + result.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );

  it("refuses with the lock message while the server runs, and promotes once it is stopped", async () => {
    const testDb = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
    const dbEnv: Record<string, string> = testDb?.url ? { DATABASE_URL: testDb.url } : {};
    const server = await startServer({ SEED_DEMO: "false", ...dbEnv });
    try {
      const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Cli", email: "cli@example.org", password: "cli-password-1" }),
      });
      expect(signUp.status).toBe(200);
      const env = { DATA_DIR: server.dataDir, ...dbEnv };
      if (!testDb) {
        const locked = await makeAdmin(env, "cli@example.org");
        expect(locked.code).toBe(1);
        expect(locked.output).toMatch(/in use by another process/);
      }
      await server.stop();
      const promoted = await makeAdmin(env, "cli@example.org");
      expect(promoted).toEqual({ code: 0, output: expect.stringContaining("cli@example.org is now an admin.") });
      const unknown = await makeAdmin(env, "nobody@example.org");
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain("No account uses nobody@example.org.");
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await testDb?.close();
    }
  }, 120_000);
});

describe("demo admin at start-up", () => {
  it("is printed once with the seeded demo content, and its password works", async () => {
    const first = await startServer({ SEED_DEMO: "true" });
    try {
      const printed = first.output().match(/email:\s+(\S+)\s+password:\s+(\S+)/);
      expect(printed?.[1]).toBe(DEMO_ADMIN_EMAIL);
      const signIn = await fetch(`${first.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: printed?.[2] }),
      });
      expect(signIn.status).toBe(200);
      await first.stop();

      const second = await startServer({ SEED_DEMO: "true", DATA_DIR: first.dataDir });
      await second.stop();
      expect(second.output()).not.toContain(printed?.[2]);
      expect(second.output()).not.toMatch(/password:/);
    } finally {
      await first.stop();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("the dashboard's users table", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const start = Date.UTC(2026, 0, 1);
    await testDb.db.insert(users).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Member ${String(i).padStart(2, "0")}`,
        email: `member${i}@example.org`,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    await testDb.db.insert(users).values({ name: "Hundred 100% sure", email: "sure@example.org" });
  });
  afterAll(() => testDb.close());

  it("pages by 25, oldest account first, clamping past the end", async () => {
    const first = await listUserPage(testDb.db, { q: "", page: 1 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 31 });
    expect(first.items.map((user) => user.displayName).slice(0, 2)).toEqual(["Member 00", "Member 01"]);
    const past = await listUserPage(testDb.db, { q: "", page: 9 });
    expect(past.page).toBe(2);
    expect(past.items).toHaveLength(6);
  });

  it("searches names and emails, taking % literally", async () => {
    const byName = await listUserPage(testDb.db, { q: "member 2", page: 1 });
    expect(byName.items.map((user) => user.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `member${20 + i}@example.org`).sort(),
    );
    expect((await listUserPage(testDb.db, { q: "member7@", page: 1 })).total).toBe(1);
    expect((await listUserPage(testDb.db, { q: "%", page: 1 })).items.map((user) => user.email)).toEqual([
      "sure@example.org",
    ]);
  });
});
