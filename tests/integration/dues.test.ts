import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, membershipApplications, membershipRounds } from "~/db/schema";
import {
  duesOfRound,
  findPayment,
  formatMinor,
  parseMinor,
  paymentsOfUser,
  recordPayment,
} from "~/features/members/dues.server";
import { renderReceiptPdf } from "~/features/members/receipt-pdf.server";
import { translatorOf } from "~/i18n/translate.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, uniqueSuffix } from "../support/event-fixtures";
import { pdfFirstPagePng, pdfTextLines } from "../support/pdf-tools";

/** Membership dues: recording payments (audited, one reference once), who has paid, and the receipt. */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const admin = { actor: { id: null, email: "treasurer@example.org", ip: "127.0.0.1" }, name: "কোষাধ্যক্ষ তানভীর" };

async function roundWithFee(feeMinor: number | null) {
  const [round] = await testDb.db
    .insert(membershipRounds)
    .values({ session: "2030-31", opensOn: "2030-01-01", closesOn: "2030-01-31", feeMinor })
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
