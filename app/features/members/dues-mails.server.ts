import { inArray } from "drizzle-orm";
import type { Actor } from "~/core/audit.server";
import { accountLanguages, type MailingContext, mailLanguage, type NewMail, queueMails } from "~/core/mail.server";
import { renderMail } from "~/core/mail-layout.server";
import { mails } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import {
  duesOfRound,
  formatMinor,
  type Payment,
  type PaymentRecord,
  type Recorded,
  type RoundFee,
  recordPayment,
} from "./dues.server";

/**
 * What dues tell members by mail: the receipt of a payment (a signed link to its PDF: the mail
 * queue carries text and HTML only, and a link keeps a 20 KB PDF out of every queued row), and
 * a reminder to those who have not paid, at most one per member and round a day.
 */

/** What signs a receipt's link: whoever holds it may download that one receipt. */
const RECEIPT_PURPOSE = "membership-receipt";

/** The receipt's PDF, openable without signing in by whoever holds this address. */
export function receiptPdfPath(receiptNumber: string, secret?: string): string {
  const path = `/receipts/${encodeURIComponent(receiptNumber)}/receipt.pdf`;
  return secret ? `${path}?key=${encodeURIComponent(signToken(receiptNumber, secret, RECEIPT_PURPOSE))}` : path;
}

/** Whether a receipt link's key was made by this site for this receipt. */
export const receiptKeyValid = (receiptNumber: string, key: string, secret: string) =>
  verifyToken(key, secret, RECEIPT_PURPOSE) === receiptNumber;

async function languageOf(context: MailingContext, address: string): Promise<Locale> {
  const stored = await accountLanguages(context.db, [address]);
  return mailLanguage(stored.get(address.toLowerCase()), context.locale);
}

/** Mails the payer their receipt (once per receipt). */
export async function mailReceipt(context: MailingContext, payment: Payment): Promise<void> {
  const locale = await languageOf(context, payment.payerEmail);
  const { t } = translatorOf(locale);
  const subject = t("mail.dues.receiptSubject", { number: payment.receiptNumber });
  const amount = `${formatMinor(payment.amountMinor)} ${payment.currency}`;
  const mail: NewMail = {
    dedupeKey: `membership-receipt:${payment.receiptNumber}`,
    to: payment.payerEmail,
    subject,
    ...renderMail({
      locale,
      clubName: context.clubName,
      subject,
      kicker: t("mail.dues.receiptKicker"),
      heading: t("mail.receipt.forRound", { session: payment.session }),
      paragraphs: [t("mail.dues.receiptBody", { amount, number: payment.receiptNumber })],
      action: {
        label: t("mail.dues.receiptAction"),
        url: new URL(receiptPdfPath(payment.receiptNumber, context.secret), context.config.BASE_URL).toString(),
      },
      footer: { reason: t("mail.dues.reason") },
    }),
  };
  await queueMails(context, [mail]);
}

const reminderKey = (roundId: string, applicationId: string, today: string) =>
  `dues-reminder:${roundId}:${applicationId}:${today}`;

/**
 * Reminds every approved member of the round who has not paid its fee in full. A member
 * reminded today already is left out (the mail's key holds the day), so pressing the button
 * twice sends nothing twice. Answers how many were reminded now and how many had been today.
 */
export async function remindUnpaid(
  context: MailingContext,
  round: { _id: string; session: string },
  fee: RoundFee,
  today: string,
): Promise<{ sent: number; already: number }> {
  const unpaid = await duesOfRound(context.db, round._id, "unpaid");
  if (unpaid.length === 0 || fee.feeMinor === null) return { sent: 0, already: 0 };
  const keys = unpaid.map((line) => reminderKey(round._id, line.applicationId, today));
  const written = await context.db.select({ key: mails.dedupeKey }).from(mails).where(inArray(mails.dedupeKey, keys));
  const remindedToday = new Set(written.map((row) => row.key));
  const due = unpaid.filter((line) => !remindedToday.has(reminderKey(round._id, line.applicationId, today)));
  const languages = await accountLanguages(
    context.db,
    due.map((line) => line.email),
  );
  const batch = due.map((line) => {
    const locale = mailLanguage(languages.get(line.email.toLowerCase()));
    const { t } = translatorOf(locale);
    const subject = t("mail.dues.reminderSubject", { session: round.session });
    const owed = `${formatMinor((fee.feeMinor ?? 0) - line.paidMinor)} ${fee.currency}`;
    return {
      dedupeKey: reminderKey(round._id, line.applicationId, today),
      to: line.email,
      subject,
      ...renderMail({
        locale,
        clubName: context.clubName,
        subject,
        kicker: t("mail.dues.reminderKicker"),
        heading: t("mail.receipt.forRound", { session: round.session }),
        paragraphs: [
          t("mail.dues.reminderBody", { name: line.name, owed }),
          t(fee.feeRequired ? "mail.dues.reminderRequired" : "mail.dues.reminderHow"),
        ],
        footer: { reason: t("mail.dues.reason") },
      }),
    } satisfies NewMail;
  });
  await queueMails(context, batch);
  return { sent: batch.length, already: unpaid.length - batch.length };
}

/** Records a payment (`recordPayment`) and mails its receipt: what the dashboard, the API and a gateway's callback call. */
export async function takePayment(
  context: MailingContext,
  record: PaymentRecord,
  recorder: { actor: Actor; name: string },
): Promise<Recorded> {
  const recorded = await recordPayment(context.db, record, recorder);
  if (recorded.ok) await mailReceipt(context, recorded.payment);
  return recorded;
}
