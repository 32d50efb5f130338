import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "~/core/audit.server";
import { isUniqueViolation } from "~/core/crud.server";
import { UUID_PATTERN } from "~/core/ids";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { membershipApplications, membershipPayments, membershipRounds, type PAYMENT_METHODS } from "~/db/schema";
import type { Message } from "~/i18n/message";

/**
 * Membership dues: what a round asks, the payments made, who has paid. Every payment, however
 * it was taken, is written by `recordPayment`: the admins' form today (source "manual"), a
 * payment gateway's verified confirmation later (see `PaymentGateway`, decision 025).
 */

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

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
      paidMinor: sql<number>`coalesce((select sum(${membershipPayments.amountMinor}) from ${membershipPayments}
        where ${membershipPayments.roundId} = ${membershipApplications.roundId}
          and ${membershipPayments.userId} = ${membershipApplications.userId}), 0)::int`,
    })
    .from(membershipApplications)
    .innerJoin(users, eq(users.id, membershipApplications.userId))
    .where(and(eq(membershipApplications.roundId, roundId), eq(membershipApplications.status, "approved")))
    .orderBy(asc(sql`lower(${membershipApplications.name})`));
  const lines = rows.map((row) => ({ ...row, paid: row.paidMinor >= (round.feeMinor ?? 0) }));
  return filter ? lines.filter((line) => line.paid === (filter === "paid")) : lines;
}
