import crypto from "node:crypto";
import { type AnyColumn, and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "~/core/audit.server";
import { isUniqueViolation } from "~/core/crud.server";
import { dateField, fieldMessage } from "~/core/fields";
import { UUID_PATTERN } from "~/core/ids";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { membershipApplications, membershipPayments, membershipRounds, PAYMENT_METHODS } from "~/db/schema";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";

/**
 * Membership dues: what a round asks, the payments made, who has paid. Every payment, however
 * it was taken, is written by `recordPayment`: the admins' form today (source "manual"), a
 * payment gateway's verified confirmation later (see `PaymentGateway`, decision 025).
 */

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// The forms' rules in the catalog's English: a form's answer finds them there again in the reader's language.
const AMOUNT_RULE = sayMessage({ key: "messages.dues.amount" }, "en");
const CURRENCY_RULE = sayMessage({ key: "messages.dues.currency" }, "en");
const REFERENCE_NEEDED = fieldMessage("messages.field.required", "messages.fields.transactionReference");

/** What every way of recording a payment asks besides its amount and payer. */
const paymentFields = {
  method: z.enum(PAYMENT_METHODS, {
    error: fieldMessage("messages.field.oneOf", "messages.fields.method", { choices: PAYMENT_METHODS.join(", ") }),
  }),
  reference: z
    .string()
    .trim()
    .max(100, fieldMessage("messages.field.tooLong", "messages.fields.transactionReference", { max: 100 }))
    .default(""),
  paid_on: dateField("messages.fields.paidOn"),
};

/** Only cash changes hands without a transaction's id. */
const referenceGiven = (payment: { method: PaymentMethod; reference: string }) =>
  payment.method === "cash" || payment.reference !== "";

/** Body of the dashboard's "Record a payment": the payer is an approved application of the round, the amount as typed. */
export const paymentFormInput = z
  .object({
    application_id: z.string().regex(UUID_PATTERN, fieldMessage("messages.field.fromList", "messages.fields.payer")),
    amount: z.string().refine((typed) => (parseMinor(typed) ?? 0) > 0, AMOUNT_RULE),
    ...paymentFields,
  })
  .refine(referenceGiven, { path: ["reference"], error: REFERENCE_NEEDED });

/** Body of `POST /api/membership-rounds/{id}/payments`: the payer by application or by account, the amount in minor units. */
export const paymentApiInput = z
  .strictObject({
    application_id: z.string().regex(UUID_PATTERN, "application_id must be an application's _id").optional(),
    user_id: z.string().regex(UUID_PATTERN, "user_id must be an account's id").optional(),
    amount_minor: z
      .number({ error: "amount_minor must be a number" })
      .int("amount_minor must be a whole number of poisha (or cents)")
      .min(1, "amount_minor must be more than zero")
      .max(1_000_000_000, "amount_minor is too large")
      .meta({ description: "In the currency's minor unit: 20000 is 200.00 BDT" }),
    ...paymentFields,
  })
  .refine(referenceGiven, { path: ["reference"], error: REFERENCE_NEEDED })
  .refine((payment) => Boolean(payment.application_id) !== Boolean(payment.user_id), {
    path: ["application_id"],
    error: "Give application_id or user_id, one of them",
  });

/** Body of the dashboard's "Fee" form: blank amount for no fee. */
export const roundFeeInput = z.object({
  fee: z
    .string()
    .refine((typed) => typed.trim() === "" || (parseMinor(typed) ?? 0) > 0, AMOUNT_RULE)
    .transform((typed) => (typed.trim() === "" ? null : (parseMinor(typed) ?? null))),
  currency: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, CURRENCY_RULE)),
  fee_required: z.preprocess((ticked) => ticked === "on" || ticked === true, z.boolean()),
});

/** A payment as the one who took it knows it. */
export interface PaymentRecord {
  roundId: string;
  /** The application it pays for (its applicant pays), or a member's account. */
  payer: { applicationId: string } | { userId: string };
  method: PaymentMethod;
  /** The transaction's id (bKash's TrxID, a bank's reference); empty for cash. */
  reference: string;
  /** In the currency's minor unit (poisha). */
  amountMinor: number;
  /** `YYYY-MM-DD`, the club's date it was paid. */
  paidOn: string;
  /** "manual", or the gateway's name. */
  source: string;
}

/**
 * What a gateway (SSLCommerz, bKash's checkout API) would implement: start a payment for a
 * payer and, from its verified callback, hand `recordPayment` the record. Nothing implements it
 * yet; the admins' form is the only source.
 */
export interface PaymentGateway {
  readonly source: string;
  readonly methods: readonly PaymentMethod[];
  /** Where to send the payer to pay; the gateway's own session id goes in `reference`. */
  begin(payment: {
    roundId: string;
    userId: string;
    amountMinor: number;
    currency: string;
    returnUrl: string;
  }): Promise<{ redirectTo: string; reference: string }>;
  /** The callback checked with the gateway (signature, amount, status): a record to write, or undefined. */
  confirm(callback: Request): Promise<PaymentRecord | undefined>;
}

export interface Payment {
  _id: string;
  receiptNumber: string;
  roundId: string;
  session: string;
  payerName: string;
  payerEmail: string;
  userId: string | null;
  method: PaymentMethod;
  reference: string;
  amountMinor: number;
  currency: string;
  paidOn: string;
  source: string;
  recordedByName: string;
  recordedAt: string;
}

export type Recorded = { ok: true; payment: Payment } | { ok: false; status: 400 | 404 | 409; message: Message };

const refused = (status: 400 | 404 | 409, key: Message["key"], values?: Message["values"]): Recorded => ({
  ok: false,
  status,
  message: values ? { key, values } : { key },
});

/** Receipt numbers: R- and ten symbols of Crockford's base32 (50 random bits). */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function newReceiptNumber(): string {
  return `R-${[...crypto.randomBytes(10)].map((byte) => CROCKFORD[byte & 31]).join("")}`;
}

/** Who pays: the application's applicant (it must be in the round), or the account's owner. */
async function payerOf(db: Database, record: PaymentRecord) {
  if ("applicationId" in record.payer) {
    const id = record.payer.applicationId;
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await db
      .select({
        applicationId: membershipApplications.id,
        userId: users.id,
        name: membershipApplications.name,
        email: users.email,
      })
      .from(membershipApplications)
      .innerJoin(users, eq(users.id, membershipApplications.userId))
      .where(and(eq(membershipApplications.id, id), eq(membershipApplications.roundId, record.roundId)));
    return row;
  }
  const id = record.payer.userId;
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await db
    .select({ applicationId: membershipApplications.id, userId: users.id, name: users.name, email: users.email })
    .from(users)
    .leftJoin(
      membershipApplications,
      and(eq(membershipApplications.userId, users.id), eq(membershipApplications.roundId, record.roundId)),
    )
    .where(eq(users.id, id));
  return row;
}

/** Writes a payment (audited), with its receipt number; one transaction reference per method is taken once. */
export async function recordPayment(
  db: Database,
  record: PaymentRecord,
  recorder: { actor: Actor; name: string },
): Promise<Recorded> {
  const [round] = UUID_PATTERN.test(record.roundId)
    ? await db.select().from(membershipRounds).where(eq(membershipRounds.id, record.roundId))
    : [];
  if (!round) return refused(404, "messages.membership.noRound");
  if (!Number.isInteger(record.amountMinor) || record.amountMinor <= 0) {
    return refused(400, "messages.dues.amount");
  }
  const payer = await payerOf(db, record);
  if (!payer) return refused(404, "messages.dues.noPayer");
  try {
    const [row] = await db
      .insert(membershipPayments)
      .values({
        receiptNumber: newReceiptNumber(),
        roundId: round.id,
        applicationId: payer.applicationId,
        userId: payer.userId,
        payerName: payer.name,
        payerEmail: payer.email,
        method: record.method,
        reference: record.reference.trim(),
        amountMinor: record.amountMinor,
        currency: round.currency,
        paidOn: record.paidOn,
        source: record.source,
        recordedBy: recorder.actor.id,
        recordedByName: recorder.name,
      })
      .returning();
    if (!row) throw new Error("the payment was not written");
    await recordAudit(db, recorder.actor, {
      action: "create",
      entity: "membership-payments",
      entityId: row.id,
      label: `${row.receiptNumber}: ${formatMinor(row.amountMinor)} ${row.currency} from ${row.payerName} (${row.method})`,
    });
    return { ok: true, payment: toPayment(row, round.session) };
  } catch (error) {
    if (isUniqueViolation(error)) return refused(409, "messages.dues.referenceTaken", { reference: record.reference });
    throw error;
  }
}

/** 20000 → "200.00": the minor unit shown as the major one. */
export function formatMinor(amountMinor: number): string {
  return `${Math.trunc(amountMinor / 100)}.${String(Math.abs(amountMinor % 100)).padStart(2, "0")}`;
}

/** "200", "200.5", "200.50" → 20000, 20050, 20050; undefined for anything else. */
export function parseMinor(typed: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

type PaymentRow = typeof membershipPayments.$inferSelect;

const toPayment = (row: PaymentRow, session: string): Payment => ({
  _id: row.id,
  receiptNumber: row.receiptNumber,
  roundId: row.roundId,
  session,
  payerName: row.payerName,
  payerEmail: row.payerEmail,
  userId: row.userId,
  method: row.method,
  reference: row.reference,
  amountMinor: row.amountMinor,
  currency: row.currency,
  paidOn: row.paidOn,
  source: row.source,
  recordedByName: row.recordedByName,
  recordedAt: row.createdAt.toISOString(),
});

/** A person's payments, latest first (their dashboard). */
export async function paymentsOfUser(db: Database, userId: string): Promise<Payment[]> {
  if (!UUID_PATTERN.test(userId)) return [];
  const rows = await db
    .select({ payment: membershipPayments, session: membershipRounds.session })
    .from(membershipPayments)
    .innerJoin(membershipRounds, eq(membershipRounds.id, membershipPayments.roundId))
    .where(eq(membershipPayments.userId, userId))
    .orderBy(sql`${membershipPayments.paidOn} desc`, asc(membershipPayments.receiptNumber));
  return rows.map(({ payment, session }) => toPayment(payment, session));
}

/** The payment a receipt number names. */
export async function findPayment(db: Database, receiptNumber: string): Promise<Payment | undefined> {
  const [row] = await db
    .select({ payment: membershipPayments, session: membershipRounds.session })
    .from(membershipPayments)
    .innerJoin(membershipRounds, eq(membershipRounds.id, membershipPayments.roundId))
    .where(eq(membershipPayments.receiptNumber, receiptNumber));
  return row && toPayment(row.payment, row.session);
}

/** What a person has paid in a round, in minor units (0 when nothing), as a column of a query. */
export const paidInRound = (roundId: AnyColumn, userId: AnyColumn) =>
  sql<number>`coalesce((select sum(${membershipPayments.amountMinor}) from ${membershipPayments}
    where ${membershipPayments.roundId} = ${roundId} and ${membershipPayments.userId} = ${userId}), 0)::int`;

export interface DuesLine {
  applicationId: string;
  name: string;
  email: string;
  paidMinor: number;
  paid: boolean;
}

/**
 * The round's approved applicants with what each has paid: paid once the payments reach the
 * fee (a round without a fee: everyone has). `filter` keeps the paid or the unpaid only.
 */
export async function duesOfRound(db: Database, roundId: string, filter?: "paid" | "unpaid"): Promise<DuesLine[]> {
  if (!UUID_PATTERN.test(roundId)) return [];
  const [round] = await db.select().from(membershipRounds).where(eq(membershipRounds.id, roundId));
  if (!round) return [];
  const rows = await db
    .select({
      applicationId: membershipApplications.id,
      name: membershipApplications.name,
      email: users.email,
      paidMinor: paidInRound(membershipApplications.roundId, membershipApplications.userId),
    })
    .from(membershipApplications)
    .innerJoin(users, eq(users.id, membershipApplications.userId))
    .where(and(eq(membershipApplications.roundId, roundId), eq(membershipApplications.status, "approved")))
    .orderBy(asc(sql`lower(${membershipApplications.name})`));
  const lines = rows.map((row) => ({ ...row, paid: row.paidMinor >= (round.feeMinor ?? 0) }));
  return filter ? lines.filter((line) => line.paid === (filter === "paid")) : lines;
}

/** The payments of a round, oldest first (the dashboard's CSV and the API). */
export async function paymentsOfRound(db: Database, roundId: string): Promise<Payment[]> {
  if (!UUID_PATTERN.test(roundId)) return [];
  const rows = await db
    .select({ payment: membershipPayments, session: membershipRounds.session })
    .from(membershipPayments)
    .innerJoin(membershipRounds, eq(membershipRounds.id, membershipPayments.roundId))
    .where(eq(membershipPayments.roundId, roundId))
    .orderBy(asc(membershipPayments.paidOn), asc(membershipPayments.createdAt));
  return rows.map(({ payment, session }) => toPayment(payment, session));
}

export interface RoundFee {
  feeMinor: number | null;
  currency: string;
  feeRequired: boolean;
}

/** What a round asks; undefined for no such round. */
export async function feeOfRound(db: Database, roundId: string): Promise<RoundFee | undefined> {
  if (!UUID_PATTERN.test(roundId)) return undefined;
  const [row] = await db
    .select({
      feeMinor: membershipRounds.feeMinor,
      currency: membershipRounds.currency,
      feeRequired: membershipRounds.feeRequired,
    })
    .from(membershipRounds)
    .where(eq(membershipRounds.id, roundId));
  return row;
}

/** Sets a round's fee (audited, before and after); false when there is no such round. */
export async function setRoundFee(db: Database, roundId: string, fee: RoundFee, actor: Actor): Promise<boolean> {
  const before = await feeOfRound(db, roundId);
  if (!before) return false;
  await db.update(membershipRounds).set(fee).where(eq(membershipRounds.id, roundId));
  await recordAudit(db, actor, {
    action: "update",
    entity: "membership-rounds",
    entityId: roundId,
    label: fee.feeMinor === null ? "no fee" : `fee ${formatMinor(fee.feeMinor)} ${fee.currency}`,
    before,
    after: fee,
  });
  return true;
}
