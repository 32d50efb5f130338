import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashIsOutdated, hashPassword, verifyPassword } from "~/features/accounts/password-hash.server";

const password = "Pässwörd ﬁve 1";

describe("password hashes", () => {
  it("are made in 8 MB, naming their parameters (PHC string format), and checked", async () => {
    const ours = await hashPassword(password);
    expect(ours).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword({ hash: ours, password })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: "another one" })).toBe(false);
    // The same password in another Unicode form (NFKC) is the same password.
    expect(await verifyPassword({ hash: ours, password: password.normalize("NFD") })).toBe(true);
    expect(hashIsOutdated(ours)).toBe(false);
    expect(await hashPassword(password)).not.toBe(ours);
  });

  it("check the hashes better-auth made, which are outdated", async () => {
    const theirs = await betterAuthHash(password);
    expect(await verifyPassword({ hash: theirs, password })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: "another one" })).toBe(false);
    expect(hashIsOutdated(theirs)).toBe(true);
  });

  it("read parameters from the hash, and refuse one asking for more memory than 32 MB", async () => {
    // N 2^14, r 8, p 1 (16 MB) is another setting than new hashes get: checked, and outdated.
    const salt = Buffer.from("0123456789abcdef").toString("base64url");
    const { scryptSync } = await import("node:crypto");
    const key = scryptSync(password.normalize("NFKC"), Buffer.from("0123456789abcdef"), 32, { N: 2 ** 14, r: 8, p: 1 });
    const older = `$scrypt$ln=14,r=8,p=1$${salt}$${key.toString("base64url")}`;
    expect(await verifyPassword({ hash: older, password })).toBe(true);
    expect(hashIsOutdated(older)).toBe(true);

    for (const hash of [`$scrypt$ln=20,r=8,p=1$${salt}$${key.toString("base64url")}`, "$scrypt$ln=13", "nothing"]) {
      await expect(verifyPassword({ hash, password })).rejects.toThrow("Invalid password hash");
    }
  });
});
