import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { pdfTextLines } from "../support/pdf-tools";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Membership payments through the API and the dashboard against the production build
 * (`npm run build`): who may list and record them, a reference recorded once (the field named),
 * the round's CSV, and who may download a receipt. Every /api answer is checked against the
 * OpenAPI contract.
 */
const ADMIN = { name: "Treasurer Admin", email: "treasurer-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "নুসরাত জাহান", email: "nusrat@example.org", password: "member-password-1" };
const OTHER = { name: "Other Person", email: "other@example.org", password: "other-password-1" };
const UNKNOWN_ROUND = "00000000-0000-4000-8000-000000000000";

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies = { admin: "", member: "", other: "" };
const { call, signUp } = httpClient(() => server.baseUrl);
let roundId = "";
let applicationId = "";

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  cookies.admin = await signUp(ADMIN);
  cookies.member = await signUp(MEMBER);
  cookies.other = await signUp(OTHER);
  const headers = { Origin: server.baseUrl };
  const round = { intent: "open-round", session: "2025-2026", opens_on: "2020-01-01", closes_on: "2099-12-31" };
  const opened = await call("/dashboard/membership", {
    method: "POST",
    form: { ...round, confirmed: "yes" },
    cookie: cookies.admin,
    headers,
  });
  expect(opened.status).toBe(200);
  const rounds = (await (await call("/api/membership-rounds", { cookie: cookies.admin })).json()) as { _id: string }[];
  roundId = rounds[0]?._id ?? "";
  const applied = await call(`/api/membership-rounds/${roundId}/applications`, {
    method: "POST",
    cookie: cookies.member,
    body: { name: MEMBER.name, batch: 9, photoURL: "https://example.org/a.png" },
  });
  expect(applied.status).toBe(201);
  applicationId = String((await json(applied)).insertedId);
  const approved = await call(`/api/membership-applications/${applicationId}/approve`, {
    method: "POST",
    cookie: cookies.admin,
    body: {},
  });
  expect(approved.status).toBe(200);
}, 180_000);

afterAll(() => running?.close());

const payments = (cookie: string, init: { method?: string; body?: unknown } = {}, id = roundId) =>
  call(`/api/membership-rounds/${id}/payments`, { cookie, ...init });

const bkash = {
  application_id: "",
  method: "bkash",
  reference: "9CK3M7QX2A",
  amount_minor: 20000,
  paid_on: "2025-11-20",
};

describe("membership payments", () => {
  it("are listed and recorded by admins only, each reference once, and downloaded as CSV", async () => {
    const body = { ...bkash, application_id: applicationId };
    expect((await payments("")).status).toBe(401);
    expect((await payments(cookies.member)).status).toBe(403);
    expect((await payments(cookies.member, { method: "POST", body })).status).toBe(403);
    expect((await payments(cookies.admin, {}, UNKNOWN_ROUND)).status).toBe(404);
    expect((await payments(cookies.admin, { method: "POST", body }, UNKNOWN_ROUND)).status).toBe(404);

    const noReference = await payments(cookies.admin, { method: "POST", body: { ...body, reference: "" } });
    expect(noReference.status).toBe(400);
    expect((await json(noReference)).errors).toEqual({ reference: "Transaction reference is required" });
    const bothPayers = await payments(cookies.admin, { method: "POST", body: { ...body, user_id: applicationId } });
    expect(bothPayers.status).toBe(400);

    const recorded = await payments(cookies.admin, { method: "POST", body });
    expect(recorded.status).toBe(201);
    const payment = await json(recorded);
    expect(payment).toMatchObject({
      payer_name: MEMBER.name,
      payer_email: MEMBER.email,
      method: "bkash",
      reference: "9CK3M7QX2A",
      amount_minor: 20000,
      currency: "BDT",
      session: "2025-2026",
      recorded_by: ADMIN.name,
    });

    const twice = await payments(cookies.admin, { method: "POST", body });
    expect(twice.status).toBe(409);
    const refusal = await json(twice);
    expect(Object.keys(refusal.errors as object)).toEqual(["reference"]);
    expect(refusal.message).toMatch(/^Transaction reference 9CK3M7QX2A is recorded already/);
    // The dashboard's form refuses it too, naming the field, in the reader's language.
    const form = {
      intent: "record-payment",
      round: roundId,
      application_id: applicationId,
      method: "bkash",
      reference: "9CK3M7QX2A",
      amount: "200",
      paid_on: "2025-11-21",
      confirmed: "yes",
    };
    const page = await call("/dashboard/membership", {
      method: "POST",
      form,
      cookie: cookies.admin,
      headers: { Origin: server.baseUrl, "Accept-Language": "bn" },
    });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("লেনদেনের রেফারেন্স 9CK3M7QX2A এই মাধ্যমে আগেই নথিভুক্ত আছে");

    const listed = (await (await payments(cookies.admin)).json()) as { receipt_number: string }[];
    expect(listed.map((row) => row.receipt_number)).toEqual([payment.receipt_number]);

    const csvPath = `/dashboard/membership/payments.csv?round=${roundId}`;
    expect((await call(csvPath, { cookie: cookies.member })).status).toBe(403);
    const csv = await call(csvPath, { cookie: cookies.admin });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "receipt,session,paid_on,name,email,method,reference,amount,currency,source,recorded_by,recorded_at",
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 9))).toEqual([
      [
        String(payment.receipt_number),
        "2025-2026",
        "2025-11-20",
        MEMBER.name,
        MEMBER.email,
        "bkash",
        "9CK3M7QX2A",
        "200.00",
        "BDT",
      ],
    ]);
  });

  it("has a receipt its payer and the admins may download, and nobody else", async () => {
    const [payment] = (await (await payments(cookies.admin)).json()) as { receipt_number: string }[];
    const receiptPath = `/receipts/${payment?.receipt_number}/receipt.pdf`;
    expect((await call(receiptPath)).status).toBe(404);
    expect((await call(receiptPath, { cookie: cookies.other })).status).toBe(404);
    expect((await call(`${receiptPath}?key=forged.key`)).status).toBe(404);
    expect((await call(receiptPath, { cookie: cookies.admin })).status).toBe(200);
    const pdf = await call(receiptPath, { cookie: cookies.member, headers: { "Accept-Language": "bn" } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfTextLines(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toEqual(expect.arrayContaining([MEMBER.name, "200.00 BDT", "বিকাশ", "9CK3M7QX2A"]));
    // The dashboard lists it for its payer.
    const home = await (await call("/dashboard", { cookie: cookies.member })).text();
    expect(home).toContain(receiptPath);
  });
});
