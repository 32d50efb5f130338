import { data } from "react-router";
import type { z } from "zod";
import { type DuesIntent, duesQuestion } from "~/components/membership-dues";
import { mailingContextOf } from "~/core/mail.server";
import { readClubTimeZone } from "~/core/settings.server";
import { feeOfRound, parseMinor, paymentFormInput, roundFeeInput, setRoundFee } from "~/features/members/dues.server";
import { remindUnpaid, takePayment } from "~/features/members/dues-mails.server";
import type { ApiRound } from "~/features/members/membership";
import { findRound } from "~/features/members/membership.server";
import { sayMessage } from "~/i18n/message.server";
import type { ServerTranslate } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { parseForm } from "~/lib/form-actions.server";
import { todayIn } from "~/lib/format";
import { type IntentContext, intent } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/membership";

/** The membership screen's dues forms: a round's fee, a payment, the reminder to those who have not paid. */

type MembershipIntent = IntentContext<Route.ActionArgs>;

/** The round every dues form names; a 404 when it is gone. */
async function roundOf({ app, form, t }: MembershipIntent) {
  const round = await findRound(app.db, String(form.get("round") ?? ""));
  if (round) return { ok: true as const, data: round };
  return {
    ok: false as const,
    answer: data<ActionResult>({ tone: "error", message: t("messages.membership.noRound") }, 404),
  };
}

/** The round's form read by `schema`: the round, the input and the values typed. */
async function roundForm<Shape extends z.ZodRawShape>(context: MembershipIntent, schema: z.ZodObject<Shape>) {
  const round = await roundOf(context);
  if (!round.ok) return round;
  const parsed = parseForm(schema, context.form, context.locale);
  if (!parsed.ok) return parsed;
  return { ok: true as const, data: { round: round.data, input: parsed.data, values: parsed.values } };
}

/** The Yes first (the form's values and intent sent again by a Yes without JavaScript). */
function askFirst(t: ServerTranslate, intent: DuesIntent, round: ApiRound, values: Record<string, string> = {}) {
  return { question: { ...duesQuestion(t, intent), hidden: { ...values, intent, round: round._id } }, values };
}

export const duesIntents = {
  "set-fee": intent({
    what: "messages.action.setFee",
    input: (context: MembershipIntent) => roundForm(context, roundFeeInput),
    confirm: ({ t }, { round, values }) => askFirst(t, "set-fee", round, values),
    run: async ({ app, actor, t }, { round, input }) => {
      const { fee, currency, fee_required } = input;
      await setRoundFee(app.db, round._id, { feeMinor: fee, currency, feeRequired: fee_required }, actor);
      return data<ActionResult>({ tone: "success", message: t("tools.dues.feeSaved"), saved: true });
    },
  }),
  "record-payment": intent({
    what: "messages.action.recordPayment",
    input: (context: MembershipIntent) => roundForm(context, paymentFormInput),
    confirm: ({ t }, { round, values }) => askFirst(t, "record-payment", round, values),
    run: async ({ app, actor, user, t, locale }, { round, input, values }) => {
      const { application_id, amount, method, reference, paid_on } = input;
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
        return data<ActionResult>({ tone: "error", message, errors: { [field]: message }, values }, recorded.status);
      }
      const { receiptNumber, payerName } = recorded.payment;
      return data<ActionResult>({
        tone: "success",
        message: t("tools.dues.paymentRecorded", { name: payerName, number: receiptNumber }),
        saved: true,
      });
    },
  }),
  remind: intent({
    what: "messages.action.remindUnpaid",
    input: roundOf,
    confirm: ({ t }, round) => askFirst(t, "remind", round),
    run: async ({ app, t }, round) => {
      const fee = await feeOfRound(app.db, round._id);
      if (!fee || fee.feeMinor === null) return data<ActionResult>({ tone: "info", message: t("tools.dues.noFee") });
      const { sent, already } = await remindUnpaid(
        await mailingContextOf(app),
        round,
        fee,
        todayIn(await readClubTimeZone(app)),
      );
      return data<ActionResult>({
        tone: sent ? "success" : "info",
        message: t("tools.dues.reminded", { sent, already }),
      });
    },
  }),
} satisfies Record<DuesIntent, unknown>;
