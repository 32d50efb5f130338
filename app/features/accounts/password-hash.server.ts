import crypto from "node:crypto";
import { workQueue } from "~/lib/work-queue.server";

/**
 * better-auth's password hashes, made and checked by Node's own scrypt instead of better-auth's
 * JavaScript one: the same parameters and format (`<salt as hex>:<64-byte key as hex>`, the salt
 * text itself being scrypt's salt), so every stored hash keeps working. Each hash needs 32 MB
 * (128 × N × r bytes): in JavaScript that was a buffer on the main thread, kept until V8's next
 * full collection (a sign-up right after start held 25 MB for minutes); Node's runs on its
 * worker threads in half the time and gives the memory back as soon as it is done.
 */
const PARAMS = { N: 16384, r: 16, p: 1 };
const KEY_BYTES = 64;
const SALT_BYTES = 16;
/** Node refuses more than 32 MB by default, exactly what these parameters need plus a little. */
const MAX_MEMORY = 2 * 128 * PARAMS.N * PARAMS.r;

/**
 * One hash at a time: Node would run four at once (its thread pool), 128 MB for a moment when
 * sign-ins come together (the soak's highest peaks came during sign-ins, decision 023). A hash
 * takes about 0.1 s on a 2-core server: a rush of twenty sign-ins waits two seconds for the last,
 * one more than two at a time would.
 */
const hashing = workQueue(1);

function derive(password: string, salt: string): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        crypto.scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { ...PARAMS, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const derived = await derive(password, salt);
  return derived.length === expected.length && crypto.timingSafeEqual(derived, expected);
}
