import { PAYMENT_METHOD_KEYS } from "~/features/members/dues";
import { useFormat, useT } from "~/i18n/react";

export interface ReceiptLine {
  receiptNumber: string;
  session: string;
  amount: string;
  method: keyof typeof PAYMENT_METHOD_KEYS;
  paidOn: string;
  href: string;
}

/** The signed-in person's membership receipts, each a PDF to download (their dashboard). */
export function YourReceipts({ receipts }: { receipts: ReceiptLine[] }) {
  const t = useT();
  const format = useFormat();
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="your-receipts" className="card mx-auto mb-6 w-full max-w-2xl p-4">
      <h2 id="your-receipts" className="font-semibold text-navy-900">
        {t("dashboard.home.receipts")}
      </h2>
      <ul className="mt-2 flex flex-col gap-3">
        {receipts.map((receipt) => (
          <li key={receipt.receiptNumber} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-800">
            <span className="min-w-0 flex-1">
              {t("dashboard.home.receiptLine", {
                session: receipt.session,
                amount: receipt.amount,
                method: t(PAYMENT_METHOD_KEYS[receipt.method]),
                date: format.date(receipt.paidOn),
              })}
            </span>
            <a
              href={receipt.href}
              className="btn border border-slate-300 text-navy-900"
              aria-label={t("dashboard.home.receiptDownloadNamed", { number: receipt.receiptNumber })}
            >
              {t("dashboard.home.receiptDownload")}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
