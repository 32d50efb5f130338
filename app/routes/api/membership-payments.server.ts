import { z } from "zod";
import { jsonError, jsonRead } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { mailingContextOf } from "~/core/mail.server";
import { PAYMENT_METHODS } from "~/db/schema";
import { type Payment, paymentApiInput, paymentsOfRound } from "~/features/members/dues.server";
import { takePayment } from "~/features/members/dues-mails.server";
import { findRound, noRoundMessage } from "~/features/members/membership.server";

const payment = z
  .strictObject({
    _id: z.string(),
    receipt_number: z
      .string()
      .meta({ description: "R- and ten symbols; the receipt's PDF is /receipts/{number}/receipt.pdf" }),
    round_id: z.string(),
    session: z.string(),
    payer_name: z.string(),
    payer_email: z.string(),
    user_id: z.string().nullable(),
    method: z.enum(PAYMENT_METHODS),
    reference: z
      .string()
      .meta({ description: "The transaction's id (bKash's TrxID, a bank's reference); empty for cash" }),
    amount_minor: z.number().int().meta({ description: "In the currency's minor unit: 20000 is 200.00 BDT" }),
    currency: z.string().meta({ description: "ISO 4217" }),
    paid_on: z.iso.date(),
    source: z.string().meta({ description: '"manual", or the payment gateway that took it' }),
    recorded_by: z.string(),
    recorded_at: z.string(),
  })
  .meta({ id: "MembershipPayment" });

const toRecord = (row: Payment): z.infer<typeof payment> => ({
  _id: row._id,
  receipt_number: row.receiptNumber,
  round_id: row.roundId,
  session: row.session,
  payer_name: row.payerName,
  payer_email: row.payerEmail,
  user_id: row.userId,
  method: row.method,
  reference: row.reference,
  amount_minor: row.amountMinor,
  currency: row.currency,
  paid_on: row.paidOn,
  source: row.source,
  recorded_by: row.recordedByName,
  recorded_at: row.recordedAt,
});

/** `/api/membership-rounds/{id}/payments` (admins): a round's membership payments; record one (the payer is mailed the receipt). */
export const apiRoute = defineApiRoute({
  path: "/api/membership-rounds/{id}/payments",
  params: z.object({ id: z.string() }),
  get: {
    tag: "Members",
    summary: "A round's membership payments, the oldest first",
    access: "edit-content",
    answers: {
      200: { description: "The payments", schema: z.array(payment) },
      ...ADMIN_ONLY,
      404: failure("No such round"),
    },
    handle: async ({ app, params }) => {
      if (!(await findRound(app.db, params.id))) return jsonError(404, noRoundMessage);
      return jsonRead(app, "payments", async (headers) => {
        headers.set("Cache-Control", "private, no-store");
        return (await paymentsOfRound(app.db, params.id)).map(toRecord);
      });
    },
  },
  post: {
    tag: "Members",
    summary: "Record a membership payment against an application or a member; the payer is mailed the receipt",
    access: "edit-content",
    body: paymentApiInput,
    answers: {
      201: { description: "Recorded", schema: payment },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      404: failure("No such round, or the payer is not in it"),
      409: failure("This method's transaction reference is recorded already (`errors.reference`)"),
    },
    handle: async ({ request, app, params, user, body }) => {
      const input = await body();
      const recorded = await takePayment(
        await mailingContextOf(app),
        {
          roundId: params.id,
          payer: input.application_id ? { applicationId: input.application_id } : { userId: input.user_id ?? "" },
          method: input.method,
          reference: input.reference,
          amountMinor: input.amount_minor,
          paidOn: input.paid_on,
          source: "manual",
        },
        { actor: actorOf(request, user), name: user.displayName },
      );
      if (!recorded.ok) {
        const field = recorded.status === 409 ? { reference: recorded.message } : undefined;
        return jsonError(recorded.status, recorded.message, field);
      }
      return Response.json(toRecord(recorded.payment), { status: 201, headers: { "Cache-Control": "no-store" } });
    },
  },
});
