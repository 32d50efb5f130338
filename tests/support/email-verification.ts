import { createEmailVerificationToken } from "better-auth/api";
import { authSecretOf } from "./server";

/**
 * Proves an account's address as its mail's link would, for tests where proving it is not what
 * is tested (the link itself is tested in email-verification.test.ts and accounts.spec.ts): the
 * same token the server puts in the mail, signed with that server's secret, opened at its
 * verify endpoint.
 */
export async function verifyEmailAt(baseUrl: string, email: string): Promise<void> {
  const token = await createEmailVerificationToken(authSecretOf(baseUrl), email);
  const response = await fetch(`${baseUrl}/api/auth/verify-email?${new URLSearchParams({ token })}`, {
    redirect: "manual",
  });
  if (response.status !== 200)
    throw new Error(`Verifying ${email} answered ${response.status}: ${await response.text()}`);
}
