import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { accounts } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { workQueue } from "~/lib/work-queue.server";

/**
 * Password hashes, made and checked by Node's own scrypt (on its worker threads, the memory
 * given back as soon as a hash is done).
 *
 * New hashes take 8 MB each (128 × N × r bytes) for the time better-auth's took 32: N 2^13, r 8,
 * p 10, one of OWASP's equal-strength scrypt settings (its Password Storage Cheat Sheet), which
 * trade memory for passes; a sign-in's hash was the server's highest moment besides a photo's
 * job (decision 023). They name their parameters in the PHC string format
 * (`$scrypt$ln=13,r=8,p=10$<salt>$<key>`, unpadded base64), so a later change of parameters
 * keeps every stored hash readable.
 *
 * Hashes better-auth made (`<salt as hex>:<64-byte key as hex>`, the salt text itself being
 * scrypt's salt, N 16384, r 16, p 1) are still checked, and renewed at the next sign-in.
 */
const PARAMS = { N: 2 ** 13, r: 8, p: 10 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

const BETTER_AUTH_PARAMS = { N: 16384, r: 16, p: 1 };

/** No stored hash may ask for more memory than better-auth's did (a hash is data a restore brings in). */
const MAX_HASH_MEMORY = 128 * BETTER_AUTH_PARAMS.N * BETTER_AUTH_PARAMS.r;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Node refuses a hash above its `maxmem`: the table (128 × N × r) and the p blocks (128 × r × p), with room. */
const memoryOf = ({ N, r, p }: ScryptParams) => 128 * N * r + 128 * r * p;

/**
 * One hash at a time: Node would run four at once (its thread pool), which made the soak's
 * highest peaks when sign-ins came together (decision 023). A hash takes about 0.15 s on a
 * 2-core server: a rush of twenty sign-ins waits three seconds for the last.
 */
const hashing = workQueue(1);

function derive(password: string, salt: string | Buffer, keyBytes: number, params: ScryptParams): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        const options = { ...params, maxmem: 2 * memoryOf(params) };
        crypto.scrypt(password.normalize("NFKC"), salt, keyBytes, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, PARAMS);
  const { N, r, p } = PARAMS;
  return `$scrypt$ln=${Math.log2(N)},r=${r},p=${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface StoredHash {
  params: ScryptParams;
  salt: string | Buffer;
  key: Buffer;
}

const PHC_SCRYPT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;
const BETTER_AUTH_HASH = /^([0-9a-f]+):([0-9a-f]+)$/;

function readStoredHash(hash: string): StoredHash {
  const phc = PHC_SCRYPT.exec(hash);
  if (phc) {
    const [, ln, r, p, salt, key] = phc;
    const params = { N: 2 ** Number(ln), r: Number(r), p: Number(p) };
    if (params.r < 1 || params.p < 1 || memoryOf(params) > MAX_HASH_MEMORY) throw new Error("Invalid password hash");
    return { params, salt: Buffer.from(salt as string, "base64url"), key: Buffer.from(key as string, "base64url") };
  }
  const betterAuth = BETTER_AUTH_HASH.exec(hash);
  if (betterAuth) {
    const [, salt, key] = betterAuth;
    return { params: BETTER_AUTH_PARAMS, salt: salt as string, key: Buffer.from(key as string, "hex") };
  }
  throw new Error("Invalid password hash");
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const stored = readStoredHash(hash);
  const derived = await derive(password, stored.salt, stored.key.length, stored.params);
  return derived.length === stored.key.length && crypto.timingSafeEqual(derived, stored.key);
}

/** A hash made with other parameters than new ones get (better-auth's, or older settings of ours). */
export function hashIsOutdated(hash: string): boolean {
  const { params, key } = readStoredHash(hash);
  return params.N !== PARAMS.N || params.r !== PARAMS.r || params.p !== PARAMS.p || key.length !== KEY_BYTES;
}

/**
 * better-auth's password check, which also renews an outdated hash when the password matches
 * (the only moment the password is known): the account whose hash it is gets a new one. The
 * hash itself finds the account, as each holds a salt of its own.
 */
export function passwordCheckRenewingHashes(db: Database) {
  return async (input: { hash: string; password: string }): Promise<boolean> => {
    const matches = await verifyPassword(input);
    if (matches && hashIsOutdated(input.hash)) {
      const renewed = await hashPassword(input.password);
      await db.update(accounts).set({ password: renewed }).where(eq(accounts.password, input.hash));
    }
    return matches;
  };
}
