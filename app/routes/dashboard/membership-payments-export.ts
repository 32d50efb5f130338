import { appContext } from "~/core/context";
import { formatMinor, paymentsOfRound } from "~/features/members/dues.server";
import { csvDownload, toCsv } from "~/lib/csv.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/membership-payments-export";

/** `/dashboard/membership/payments.csv?round=…`: every payment of the round, oldest first (the treasurer's books). */
export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const payments = await paymentsOfRound(app.db, url.searchParams.get("round") ?? "");
  const header = [
    "receipt",
    "session",
    "paid_on",
    "name",
    "email",
    "method",
    "reference",
    "amount",
    "currency",
    "source",
    "recorded_by",
    "recorded_at",
  ];
  const rows = payments.map((payment) => [
    payment.receiptNumber,
    payment.session,
    payment.paidOn,
    payment.payerName,
    payment.payerEmail,
    payment.method,
    payment.reference,
    formatMinor(payment.amountMinor),
    payment.currency,
    payment.source,
    payment.recordedByName,
    payment.recordedAt,
  ]);
  return csvDownload("membership-payments", toCsv(header, rows));
});
