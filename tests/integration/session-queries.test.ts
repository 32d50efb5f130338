import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authLoader } from "~/features/accounts/auth.server";
import { loadConfig } from "~/lib/config.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * Every signed-in request asks who it is, and every decision about what someone may do reads
 * the database (the cookie's cached copy is skipped): so that read is one query, the session
 * with its user, not two.
 */
describe("reading a session", () => {
  let testDb: TestDatabase;
  let dataDir: string;
  const queries: string[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase({ queryLogger: { logQuery: (query) => queries.push(query) } });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-session-queries-"));
  });
  afterAll(async () => {
    await testDb.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads the session and its user in one query", async () => {
    const auth = await authLoader({
      db: testDb.db,
      config: loadConfig({ DATA_DIR: dataDir }),
      log: pino({ level: "silent" }),
      sendVerificationMail: async () => {},
    })();
    const { headers } = await auth.api.signUpEmail({
      body: { email: "one-query@example.org", password: "a long pass phrase", name: "One Query" },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.startsWith("better-auth.session_token="))
      .join("; ");
    expect(cookie).not.toBe("");

    queries.length = 0;
    const session = await auth.api.getSession({
      headers: new Headers({ cookie }),
      query: { disableCookieCache: true },
    });
    expect(session?.user.email).toBe("one-query@example.org");
    expect(queries.filter((query) => /\bfrom "sessions"/.test(query))).toHaveLength(1);
    expect(queries, queries.join("\n")).toHaveLength(1);
  });
});
