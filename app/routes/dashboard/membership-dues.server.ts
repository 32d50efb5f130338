import { data } from "react-router";
import { type DuesIntent, duesQuestion } from "~/components/membership-dues";
import { clubTimeZone } from "~/content/site";
import type { Actor } from "~/core/audit.server";
import type { AppContext } from "~/core/context";
import { mailingContextOf } from "~/core/mail.server";
import type { SessionUser } from "~/core/session.server";
import { feeOfRound, parseMinor, paymentFormInput, roundFeeInput, setRoundFee } from "~/features/members/dues.server";
import { remindUnpaid, takePayment } from "~/features/members/dues-mails.server";
import type { ApiRound } from "~/features/members/membership";
import { findRound } from "~/features/members/membership.server";
import type { Locale } from "~/i18n/locales";
import { sayMessage } from "~/i18n/message.server";
import type { ServerTranslate } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { answerSafely, confirmation, parseForm } from "~/lib/form-actions.server";
import { todayIn } from "~/lib/format";

/** The membership screen's dues forms: a round's fee, a payment, the reminder to those who have not paid. */

const DUES_INTENTS: readonly DuesIntent[] = ["set-fee", "record-payment", "remind"];
export const isDuesIntent = (value: unknown): value is DuesIntent => DUES_INTENTS.includes(value as DuesIntent);

interface DuesContext {
  app: AppContext;
  form: FormData;
  user: SessionUser;
  actor: Actor;
  t: ServerTranslate;
  locale: Locale;
}

/** Answers one of the dues forms; every one names its round. */
export async function duesAction(intent: DuesIntent, context: DuesContext) {
  const round = await findRound(context.app.db, String(context.form.get("round") ?? ""));
  if (!round) return data<ActionResult>({ tone: "error", message: context.t("messages.membership.noRound") }, 404);
  if (intent === "set-fee") return setFee(context, round);
  if (intent === "record-payment") return recordFromForm(context, round);
  return remind(context, round);
}

/** The Yes first (the form's values and intent sent again by a Yes without JavaScript). */
function askFirst(context: DuesContext, intent: DuesIntent, round: ApiRound, values: Record<string, string> = {}) {
  const { form, t } = context;
  const hidden = { ...values, intent, round: round._id };
  return confirmation(form, { ...duesQuestion(t, intent), hidden }, t("dashboard.notSaved"), values);
}

async function setFee(context: DuesContext, round: ApiRound) {
  const { app, form, actor, t, locale } = context;
  const parsed = parseForm(roundFeeInput, form, locale);
  if (!parsed.ok) return parsed.answer;
  const unconfirmed = askFirst(context, "set-fee", round, parsed.values);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, locale, "messages.action.setFee", async () => {
    const { fee, currency, fee_required } = parsed.data;
    await setRoundFee(app.db, round._id, { feeMinor: fee, currency, feeRequired: fee_required }, actor);
    return data<ActionResult>({ tone: "success", message: t("tools.dues.feeSaved"), saved: true });
  });
}

async function recordFromForm(context: DuesContext, round: ApiRound) {
  const { app, form, actor, user, t, locale } = context;
  const parsed = parseForm(paymentFormInput, form, locale);
  if (!parsed.ok) return parsed.answer;
  const unconfirmed = askFirst(context, "record-payment", round, parsed.values);
  if (unconfirmed) return unconfirmed;
  return answerSafely(
    app.log,
    locale,
    "messages.action.recordPayment",
    async () => {
      const { application_id, amount, method, reference, paid_on } = parsed.data;
      const recorded = await takePayment(
        await mailingContextOf(app, locale),
        {
          roundId: round._id,
          payer: { applicationId: application_id },
          method,
          reference,
          amountMinor: parseMinor(amount) ?? 0,
          paidOn: paid_on,
          source: "manual",
        },
        { actor, name: user.displayName },
      );
      if (!recorded.ok) {
        const message = sayMessage(recorded.message, locale);
        const field = recorded.status === 409 ? "reference" : recorded.status === 400 ? "amount" : "application_id";
        return data<ActionResult>(
          { tone: "error", message, errors: { [field]: message }, values: parsed.values },
          recorded.status,
        );
      }
      const { receiptNumber, payerName } = recorded.payment;
      return data<ActionResult>({
        tone: "success",
        message: t("tools.dues.paymentRecorded", { name: payerName, number: receiptNumber }),
        saved: true,
      });
    },
    parsed.values,
  );
}

async function remind(context: DuesContext, round: ApiRound) {
  const { app, t, locale } = context;
  const unconfirmed = askFirst(context, "remind", round);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, locale, "messages.action.remindUnpaid", async () => {
    const fee = await feeOfRound(app.db, round._id);
    if (!fee || fee.feeMinor === null) return data<ActionResult>({ tone: "info", message: t("tools.dues.noFee") });
    const { sent, already } = await remindUnpaid(await mailingContextOf(app), round, fee, todayIn(clubTimeZone));
    return data<ActionResult>({
      tone: sent ? "success" : "info",
      message: t("tools.dues.reminded", { sent, already }),
    });
  });
}
