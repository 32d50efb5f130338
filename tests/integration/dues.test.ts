import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailingContext } from "~/core/mail.server";
import { auditLog, mails, membershipApplications, membershipRounds } from "~/db/schema";
import { membersOnlyRefusals } from "~/features/events/members-only.server";
import {
  duesOfRound,
  findPayment,
  formatMinor,
  parseMinor,
  paymentFormInput,
  paymentsOfUser,
  recordPayment,
  roundFeeInput,
  setRoundFee,
} from "~/features/members/dues.server";
import { receiptKeyValid, remindUnpaid, takePayment } from "~/features/members/dues-mails.server";
import { currentMembershipByEmail } from "~/features/members/membership.server";
import { renderReceiptPdf } from "~/features/members/receipt-pdf.server";
import { sayMessage } from "~/i18n/message.server";
import { translatorOf } from "~/i18n/translate.server";
import { issueMessage } from "~/lib/field-errors";
import { seedDemoDues } from "~/seed/demo-dues.server";
import type { BackgroundJobs } from "~/wiring/background-jobs.server";
import { startTestJobs } from "../support/background-jobs";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, uniqueSuffix } from "../support/event-fixtures";
import { pdfFirstPagePng, pdfTextLines } from "../support/pdf-tools";

/** Membership dues: recording payments (audited, one reference once), who has paid, and the receipt. */
let testDb: TestDatabase;
let background: BackgroundJobs;
let context: MailingContext;
beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ background, context } = await startTestJobs(testDb));
}, 120_000);
afterAll(async () => {
  await background?.stop();
  await testDb?.close();
  if (context) fs.rmSync(context.config.DATA_DIR, { recursive: true, force: true });
});

const admin = { actor: { id: null, email: "treasurer@example.org", ip: "127.0.0.1" }, name: "কোষাধ্যক্ষ তানভীর" };

async function roundWithFee(feeMinor: number | null, extra: Partial<typeof membershipRounds.$inferInsert> = {}) {
  const [round] = await testDb.db
    .insert(membershipRounds)
    .values({ session: "2030-31", opensOn: "2030-01-01", closesOn: "2030-01-31", feeMinor, ...extra })
    .returning();
  if (!round) throw new Error("no round");
  return round;
}

async function approvedApplicant(roundId: string, name: string) {
  const person = await addAccount(testDb.db, `Account ${uniqueSuffix()}`);
  const [application] = await testDb.db
    .insert(membershipApplications)
    .values({ roundId, userId: person.id, name, photoURL: "", status: "approved" })
    .returning({ id: membershipApplications.id });
  if (!application) throw new Error("no application");
  return { person, applicationId: application.id };
}

const bkash = (roundId: string, applicationId: string, reference: string, amountMinor = 20000) => ({
  roundId,
  payer: { applicationId },
  method: "bkash" as const,
  reference,
  amountMinor,
  paidOn: "2030-01-15",
  source: "manual",
});

describe("membership dues", () => {
  it("record a bKash payment against an application, audited, its reference once; the round shows who has paid", async () => {
    const round = await roundWithFee(20000);
    const paying = await approvedApplicant(round.id, "সুমাইয়া আক্তার");
    const partly = await approvedApplicant(round.id, "Partly Paid");
    await approvedApplicant(round.id, "Not Yet");
    const reference = `TRX${uniqueSuffix().toUpperCase()}`;

    const recorded = await recordPayment(testDb.db, bkash(round.id, paying.applicationId, reference), admin);
    if (!recorded.ok) throw new Error(JSON.stringify(recorded.message));
    expect(recorded.payment).toMatchObject({
      payerName: "সুমাইয়া আক্তার",
      payerEmail: paying.person.email,
      userId: paying.person.id,
      method: "bkash",
      reference,
      amountMinor: 20000,
      currency: "BDT",
      paidOn: "2030-01-15",
      source: "manual",
      recordedByName: "কোষাধ্যক্ষ তানভীর",
      session: "2030-31",
    });
    expect(recorded.payment.receiptNumber).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{10}$/);
    const audited = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "membership-payments"), eq(auditLog.entityId, recorded.payment._id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorEmail).toBe("treasurer@example.org");

    // The same transaction recorded again (by another admin, say) is refused.
    expect(await recordPayment(testDb.db, bkash(round.id, partly.applicationId, reference), admin)).toEqual({
      ok: false,
      status: 409,
      message: { key: "messages.dues.referenceTaken", values: { reference } },
    });
    expect(
      await recordPayment(testDb.db, bkash(round.id, partly.applicationId, `${reference}-2`, 5000), admin),
    ).toMatchObject({ ok: true });
    expect(await recordPayment(testDb.db, bkash(round.id, partly.applicationId, "", 0), admin)).toMatchObject({
      ok: false,
      status: 400,
    });

    const lines = await duesOfRound(testDb.db, round.id);
    expect(lines.map(({ name, paidMinor, paid }) => [name, paidMinor, paid])).toEqual([
      ["Not Yet", 0, false],
      ["Partly Paid", 5000, false],
      ["সুমাইয়া আক্তার", 20000, true],
    ]);
    expect((await duesOfRound(testDb.db, round.id, "unpaid")).map((line) => line.name)).toEqual([
      "Not Yet",
      "Partly Paid",
    ]);
    expect((await paymentsOfUser(testDb.db, paying.person.id)).map((payment) => payment.reference)).toEqual([
      reference,
    ]);
    expect(await findPayment(testDb.db, recorded.payment.receiptNumber)).toEqual(recorded.payment);
  });

  it("refuse a payer who is not in the round, and a round that does not exist", async () => {
    const round = await roundWithFee(10000);
    const elsewhere = await approvedApplicant((await roundWithFee(10000)).id, "Elsewhere");
    expect(await recordPayment(testDb.db, bkash(round.id, elsewhere.applicationId, "X1"), admin)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await recordPayment(
        testDb.db,
        bkash("00000000-0000-0000-0000-000000000000", elsewhere.applicationId, "X2"),
        admin,
      ),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("read amounts in taka and poisha", () => {
    expect([parseMinor("200"), parseMinor(" 200.5 "), parseMinor("200.50"), parseMinor("0.05")]).toEqual([
      20000, 20050, 20050, 5,
    ]);
    expect([parseMinor("2,000"), parseMinor("-5"), parseMinor("1.234"), parseMinor("")]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([formatMinor(20000), formatMinor(20050), formatMinor(5)]).toEqual(["200.00", "200.50", "0.05"]);
  });

  it("print a receipt in Bangla, with the payer's Bangla name as written", async () => {
    const round = await roundWithFee(20000);
    const paying = await approvedApplicant(round.id, "মোঃ রহিম উদ্দিন");
    const recorded = await recordPayment(
      testDb.db,
      bkash(round.id, paying.applicationId, `TRX${uniqueSuffix()}`),
      admin,
    );
    if (!recorded.ok) throw new Error("not recorded");
    const pdf = await renderReceiptPdf(recorded.payment, { name: "সিএসই প্রোগ্রামিং ক্লাব" }, translatorOf("bn"));
    const lines = await pdfTextLines(pdf);
    expect(lines).toEqual(
      expect.arrayContaining([
        "সিএসই প্রোগ্রামিং ক্লাব",
        "রসিদ",
        recorded.payment.receiptNumber,
        "মোঃ রহিম উদ্দিন",
        "সদস্য ফি, সেশন 2030-31",
        "200.00 BDT",
        "বিকাশ",
        "কোষাধ্যক্ষ তানভীর",
      ]),
    );
    await pdfFirstPagePng(pdf, 100, path.resolve("test-results/receipt-bangla.png"));
    const english = await pdfTextLines(
      await renderReceiptPdf(recorded.payment, { name: "CSE Programming Club" }, translatorOf("en")),
    );
    expect(english).toEqual(expect.arrayContaining(["Receipt", "Membership fee, session 2030-31", "bKash"]));
  });
});

describe("dues on the club's side", () => {
  it("count only paid members as current in a round that requires its fee, for members-only events too", async () => {
    const today = "2040-03-10";
    const round = await roundWithFee(15000, { opensOn: "2040-03-01", closesOn: "2040-03-31", feeRequired: true });
    const paid = await approvedApplicant(round.id, "Paid Member");
    const partly = await approvedApplicant(round.id, "Partly Paid");
    const paying = async (applicationId: string, amountMinor: number) =>
      recordPayment(testDb.db, bkash(round.id, applicationId, `TRX${uniqueSuffix()}`, amountMinor), admin);
    expect(await paying(paid.applicationId, 15000)).toMatchObject({ ok: true });
    expect(await paying(partly.applicationId, 5000)).toMatchObject({ ok: true });
    const emails = [paid.person.email, partly.person.email];
    const current = async () => Object.fromEntries(await currentMembershipByEmail(testDb.db, emails, today));
    expect(await current()).toEqual({
      [paid.person.email.toLowerCase()]: true,
      [partly.person.email.toLowerCase()]: false,
    });
    const party = (email: string) => ({ captainEmail: email, teammates: [] });
    const refusals = await membersOnlyRefusals(
      testDb.db,
      { members_only: true },
      emails.map((email) => party(email)),
      today,
    );
    expect(refusals.map((refusal) => refusal?.status)).toEqual([undefined, 403]);

    // The rest paid: they count from then on.
    expect(await paying(partly.applicationId, 10000)).toMatchObject({ ok: true });
    expect((await current())[partly.person.email.toLowerCase()]).toBe(true);

    // A round that asks a fee without requiring it counts every approved member; the change is audited.
    const unpaid = await approvedApplicant(round.id, "Not Paid");
    const actor = admin.actor;
    expect(
      await setRoundFee(testDb.db, round.id, { feeMinor: 15000, currency: "BDT", feeRequired: false }, actor),
    ).toBe(true);
    expect(Object.fromEntries(await currentMembershipByEmail(testDb.db, [unpaid.person.email], today))).toEqual({
      [unpaid.person.email.toLowerCase()]: true,
    });
    const [audited] = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "membership-rounds"), eq(auditLog.entityId, round.id)));
    expect(audited).toMatchObject({ action: "update", before: { feeRequired: true }, after: { feeRequired: false } });
  });

  it("mail the receipt with a signed link, and remind the unpaid at most once a day", async () => {
    const round = await roundWithFee(20000, { session: "2041-42" });
    const payer = await approvedApplicant(round.id, "রাফি হাসান");
    const late = await approvedApplicant(round.id, "Late Payer");
    const later = await approvedApplicant(round.id, "Later Payer");
    const recorded = await takePayment(context, bkash(round.id, payer.applicationId, `TRX${uniqueSuffix()}`), admin);
    if (!recorded.ok) throw new Error("not recorded");
    const number = recorded.payment.receiptNumber;
    const [receipt] = await testDb.db
      .select()
      .from(mails)
      .where(eq(mails.dedupeKey, `membership-receipt:${number}`));
    expect(receipt).toMatchObject({ to: payer.person.email, subject: `Your receipt ${number}` });
    const link = new URL(/https:\/\/club\.example\.org\/receipts\/[^\s"]+/.exec(receipt?.text ?? "")?.[0] ?? "");
    expect(link.pathname).toBe(`/receipts/${number}/receipt.pdf`);
    expect(receiptKeyValid(number, link.searchParams.get("key") ?? "", context.secret)).toBe(true);
    expect(receiptKeyValid(number, link.searchParams.get("key") ?? "", "another-secret".padEnd(40, "x"))).toBe(false);

    const fee = { feeMinor: 20000, currency: "BDT", feeRequired: false };
    const sessionRound = { _id: round.id, session: round.session };
    expect(await remindUnpaid(context, sessionRound, fee, "2041-01-05")).toEqual({ sent: 2, already: 0 });
    expect(await remindUnpaid(context, sessionRound, fee, "2041-01-05")).toEqual({ sent: 0, already: 2 });
    const reminders = await testDb.db
      .select()
      .from(mails)
      .where(like(mails.dedupeKey, `dues-reminder:${round.id}:%`));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([late.person.email, later.person.email].sort());
    expect(reminders[0]?.text).toContain("200.00 BDT is due");
    // The next day they may be reminded again; whoever paid meanwhile is not.
    await takePayment(context, { ...bkash(round.id, late.applicationId, `TRX${uniqueSuffix()}`) }, admin);
    expect(await remindUnpaid(context, sessionRound, fee, "2041-01-06")).toEqual({ sent: 1, already: 0 });
    const nextDay = await testDb.db
      .select({ to: mails.to })
      .from(mails)
      .where(inArray(mails.dedupeKey, [`dues-reminder:${round.id}:${later.applicationId}:2041-01-06`]));
    expect(nextDay).toEqual([{ to: later.person.email }]);
  });

  it("read the dashboard's forms: a transaction's reference except for cash, an amount in taka, a fee or none", () => {
    const form = {
      application_id: "00000000-0000-4000-8000-000000000001",
      method: "bkash",
      reference: "",
      amount: "200",
      paid_on: "2041-01-05",
    };
    const refused = paymentFormInput.safeParse(form);
    expect(
      refused.success
        ? []
        : refused.error.issues.map((issue) => [issue.path.join("."), sayMessage(issueMessage(issue), "en")]),
    ).toEqual([["reference", "Transaction reference is required"]]);
    expect(paymentFormInput.safeParse({ ...form, method: "cash" }).success).toBe(true);
    const badAmount = paymentFormInput.safeParse({ ...form, reference: "X", amount: "2,00" });
    expect(badAmount.success ? [] : badAmount.error.issues.map((issue) => issue.path.join("."))).toEqual(["amount"]);
    expect(roundFeeInput.parse({ fee: "150.5", currency: "bdt", fee_required: "on" })).toEqual({
      fee: 15050,
      currency: "BDT",
      fee_required: true,
    });
    expect(roundFeeInput.parse({ fee: "", currency: "USD" })).toEqual({
      fee: null,
      currency: "USD",
      fee_required: false,
    });
    expect(roundFeeInput.safeParse({ fee: "", currency: "TAKA" }).success).toBe(false);
  });

  it("seed the demo round's fee with a Bangla-named member's bKash payment", async () => {
    const round = await roundWithFee(null, { session: "2099-00", opensOn: "2099-01-01", closesOn: "2099-01-31" });
    await seedDemoDues(testDb.db);
    const lines = await duesOfRound(testDb.db, round.id);
    expect(lines.find((line) => line.name === "তাসনিম জাহান")).toMatchObject({ paidMinor: 20000, paid: true });
    const [payment] = await paymentsOfUser(
      testDb.db,
      String(
        (
          await testDb.db.select().from(membershipApplications).where(eq(membershipApplications.roundId, round.id))
        ).find((application) => application.name === "তাসনিম জাহান")?.userId,
      ),
    );
    expect(payment).toMatchObject({ method: "bkash", currency: "BDT", session: "2099-00" });
  });
});
