import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A key of its own for each use, derived from the site's secret: a token of one kind is no token of another. */
function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`club-website:${purpose}`).digest();
}

/**
 * `value.signature`, for links that act without an account (confirm a subscription, change its
 * preferences): whoever holds the link may act, nobody can make one for another value.
 */
export function signToken(value: string, secret: string, purpose: string): string {
  const signature = createHmac("sha256", derivedKey(secret, purpose)).update(value).digest("base64url");
  return `${value}.${signature}`;
}

/** The value a token was made for, or undefined when it was not made with this secret and purpose. */
export function verifyToken(token: string, secret: string, purpose: string): string | undefined {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const value = token.slice(0, dot);
  const expected = Buffer.from(signToken(value, secret, purpose));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : undefined;
}

const SEAL = "aes-256-gcm";

/** Encrypts a secret for storage (a webhook URL, a bot token): iv.tag.ciphertext, base64url. */
export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(SEAL, derivedKey(secret, "sealed-box"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The sealed secret; throws when it was sealed with another secret or changed. */
export function unseal(sealed: string, secret: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) throw new Error("Not a sealed value");
  const decipher = createDecipheriv(SEAL, derivedKey(secret, "sealed-box"), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

/** A short signature of `value` in upper-case hex: for codes people may have to type (a ticket's). */
export function shortSignature(value: string, secret: string, purpose: string, hexDigits: number): string {
  return createHmac("sha256", derivedKey(secret, purpose))
    .update(value)
    .digest("hex")
    .slice(0, hexDigits)
    .toUpperCase();
}
