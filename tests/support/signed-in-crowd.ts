import crypto from "node:crypto";
import { sessions, users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";

/**
 * Many accounts, each signed in, written straight to the database: a password sign-up hashes
 * with scrypt (a fifth of a second of a core each), so a thousand through the API would take
 * minutes before a test or the bench even starts. The session cookie is signed as better-auth
 * signs it (`token.base64(HMAC-SHA256(secret, token))`), so the server must run with
 * BETTER_AUTH_SECRET = `secret`; http only (https names the cookie `__Secure-…`).
 */
export interface SignedInAccount {
  id: string;
  email: string;
  cookie: string;
}

const BATCH = 500;
const SESSION_DAYS = 7;

export function sessionCookie(token: string, secret: string): string {
  const signature = crypto.createHmac("sha256", secret).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

export async function addSignedInCrowd(
  db: Database,
  args: { count: number; secret: string; prefix: string },
): Promise<SignedInAccount[]> {
  const crowd: SignedInAccount[] = [];
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  for (let start = 0; start < args.count; start += BATCH) {
    const size = Math.min(BATCH, args.count - start);
    const people = Array.from({ length: size }, (_, index) => ({
      name: `${args.prefix} ${start + index + 1}`,
      email: `${args.prefix}-${start + index + 1}@example.org`,
      emailVerified: true,
    }));
    const written = await db.insert(users).values(people).returning({ id: users.id, email: users.email });
    const tokens = written.map(() => crypto.randomBytes(24).toString("base64url"));
    await db
      .insert(sessions)
      .values(written.map((user, index) => ({ userId: user.id, token: tokens[index] ?? "", expiresAt })));
    written.forEach((user, index) => {
      crowd.push({ id: user.id, email: user.email, cookie: sessionCookie(tokens[index] ?? "", args.secret) });
    });
  }
  return crowd;
}
