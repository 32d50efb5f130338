import crypto from "node:crypto";
import { type MailingContext, mailLanguage, queueMails } from "~/core/mail.server";
import { renderMail } from "~/core/mail-layout.server";
import { countAttempt, type RateLimit, type RateLimitVerdict } from "~/core/rate-limit.server";
import { getSiteSettings } from "~/core/settings.server";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import type { JobQueue } from "~/lib/job-queue.server";
import { AUTH_BASE_PATH, type VerificationMailRequest } from "./auth-settings.server";

/**
 * Proving an address: a sign-up gets a mail with a link (better-auth signs its token); opening
 * it marks the account's address verified. Until then a person may sign in and look around,
 * but not act as the owner of that address (see `requireVerifiedEmail` in session.server.ts).
 */

/** Where better-auth sends the browser once a link is opened (with `?error=` when it is not good). */
export const EMAIL_VERIFIED_PATH = "/email-verification";

/** New links a person may ask for: each is a mail to the address, so a few an hour. */
export const VERIFICATION_RESEND_LIMIT: RateLimit = { max: 3, windowSeconds: 60 * 60 };

/** The link in the mail: better-auth's verify endpoint, which then sends the browser to EMAIL_VERIFIED_PATH. */
export function verificationLink(baseUrl: string, token: string): string {
  return `${baseUrl}${AUTH_BASE_PATH}/verify-email?${new URLSearchParams({ token, callbackURL: EMAIL_VERIFIED_PATH })}`;
}

export interface VerificationMailTo {
  email: string;
  name: string;
  /** The language the account last used the site in, if known. */
  locale?: Locale | null;
}

/** Queues the mail with the link, in the person's language (else the language they signed up in). */
export async function queueVerificationMail(
  context: MailingContext,
  person: VerificationMailTo,
  token: string,
): Promise<void> {
  const locale = mailLanguage(person.locale, context.locale);
  const { t } = translatorOf(locale);
  const { clubName } = context;
  const subject = t("mail.verifyEmail.subject", { clubName });
  const { html, text } = renderMail({
    locale,
    clubName,
    subject,
    kicker: t("mail.verifyEmail.kicker"),
    heading: t("mail.verifyEmail.heading"),
    paragraphs: [t("mail.verifyEmail.body", { name: person.name, clubName }), t("mail.verifyEmail.expires")],
    action: { label: t("mail.verifyEmail.action"), url: verificationLink(context.config.BASE_URL, token) },
    footer: { reason: t("mail.verifyEmail.reason") },
  });
  // Each link is a mail of its own; the same link queued twice is one.
  const dedupeKey = `verify-email:${crypto.createHash("sha256").update(token).digest("hex")}`;
  await queueMails(context, [{ dedupeKey, to: person.email, subject, html, text }]);
}

/**
 * What better-auth calls to mail a link (CreateAuthOptions): the server gives it the mail queue,
 * which starts after better-auth is set up, as `jobs`.
 */
export function verificationMailSender(
  context: Omit<MailingContext, "jobs" | "clubName" | "locale"> & { jobs: () => JobQueue },
) {
  return async ({ person, token, locale }: VerificationMailRequest): Promise<void> => {
    const { clubName } = await getSiteSettings(context.db);
    await queueVerificationMail({ ...context, jobs: context.jobs(), clubName, locale }, person, token);
  };
}

/** Counts a request for a new link, per account (not per client: the mails all go to one address). */
export function countResendRequest(context: Pick<MailingContext, "db">, userId: string): Promise<RateLimitVerdict> {
  return countAttempt(context.db, "verification-mail", userId, VERIFICATION_RESEND_LIMIT);
}
