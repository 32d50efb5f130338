import { appContext } from "~/core/context";
import { can } from "~/core/roles";
import { getSessionUser } from "~/core/session.server";
import { readSiteSettings } from "~/core/settings.server";
import { findPayment } from "~/features/members/dues.server";
import { receiptKeyValid } from "~/features/members/dues-mails.server";
import { renderReceiptPdf } from "~/features/members/receipt-pdf.server";
import { translatorFor } from "~/i18n/translate.server";
import type { Route } from "./+types/receipt-pdf";

/**
 * /receipts/{number}/receipt.pdf: a membership payment's receipt, in the reader's language, for
 * its payer (signed in), the membership's admins, or whoever holds the signed link of the
 * receipt mail. Anyone else is told there is no such receipt, as for a number that names none.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const translator = translatorFor(request);
  const payment = await findPayment(app.db, params.number);
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const keyed = payment && key !== "" && receiptKeyValid(payment.receiptNumber, key, app.secret);
  const user = payment && !keyed ? await getSessionUser(request, app) : null;
  const allowed = keyed || (user && (user.id === payment?.userId || can(user, "edit-content")));
  if (!payment || !allowed) {
    return new Response(translator.t("people.receipt.notFound"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const settings = await readSiteSettings(app);
  const pdf = await renderReceiptPdf(payment, { name: settings.clubName }, translator);
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="receipt-${payment.receiptNumber}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
