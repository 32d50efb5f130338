import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/features/accounts/password-hash.server";

describe("password hashes", () => {
  it("checks the hashes better-auth made, and better-auth checks ours", async () => {
    const password = "Pässwörd ﬁve 1";
    const theirs = await betterAuthHash(password);
    expect(await verifyPassword({ hash: theirs, password })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: "another one" })).toBe(false);

    const ours = await hashPassword(password);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: "another one" })).toBe(false);
  });
});
