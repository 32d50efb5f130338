import type { RGB } from "pdf-lib";
import type { MessageKey } from "~/i18n/catalogs";
import type { Translator } from "~/i18n/translate.server";
import type { PdfTextFont } from "~/lib/pdf-text/pdf-text.server";
import { formatMinor, type Payment, type PaymentMethod } from "./dues.server";

const METHODS = {
  cash: "mail.receipt.method.cash",
  bkash: "mail.receipt.method.bkash",
  nagad: "mail.receipt.method.nagad",
  rocket: "mail.receipt.method.rocket",
  bank: "mail.receipt.method.bank",
} as const satisfies Record<PaymentMethod, MessageKey>;

/** A5 portrait, in points. */
const PAGE = { width: 419.53, height: 595.28 };
const MARGIN = 40;
const VALUE_X = 170;
const VALUE_WIDTH = PAGE.width - MARGIN - VALUE_X;

interface Fonts {
  regular: PdfTextFont;
  bold: PdfTextFont;
}

/** Shrinks a value to fit its column, down to 8 points. */
function fitted(font: PdfTextFont, text: string, size: number): number {
  const width = font.widthOfTextAtSize(text, size);
  return width <= VALUE_WIDTH ? size : Math.max(8, (size * VALUE_WIDTH) / width);
}

/**
 * A payment's receipt as a one-page PDF in the reader's language: the club, the receipt number,
 * who paid what for which round, how and when, and who recorded it. Names and the club's name
 * print in whatever script they are written in (Noto Sans Bengali, shaped: decision 025).
 */
export async function renderReceiptPdf(
  payment: Payment,
  club: { name: string },
  { locale, t, format }: Translator,
): Promise<Uint8Array<ArrayBuffer>> {
  const [{ PDFDocument, rgb }, { PdfTextWriter }, { paperFonts }] = await Promise.all([
    import("pdf-lib"),
    import("~/lib/pdf-text/pdf-text.server"),
    import("~/lib/pdf-text/paper-fonts.server"),
  ]);
  const [doc, shaping] = await Promise.all([PDFDocument.create(), paperFonts()]);
  const writer = new PdfTextWriter(doc);
  const fonts: Fonts = { regular: writer.font(shaping.regular), bold: writer.font(shaping.bold) };
  const navy = rgb(11 / 255, 31 / 255, 58 / 255);
  const muted = rgb(100 / 255, 116 / 255, 139 / 255);
  const amber = rgb(245 / 255, 158 / 255, 11 / 255);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - 60;
  const line = (font: PdfTextFont, text: string, size: number, colour: RGB, x = MARGIN) => {
    const printable = font.printable(text).text;
    font.drawText(page, printable, { x, y, size: x === VALUE_X ? fitted(font, printable, size) : size, color: colour });
  };
  line(fonts.bold, club.name, 14, navy);
  y -= 34;
  line(fonts.bold, t("mail.receipt.title"), 26, navy);
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 80, y }, thickness: 3, color: amber });
  const rows: [string, string][] = [
    [t("mail.receipt.number"), payment.receiptNumber],
    [t("mail.receipt.receivedFrom"), payment.payerName],
    [t("mail.receipt.for"), t("mail.receipt.forRound", { session: payment.session })],
    [t("mail.receipt.amount"), `${formatMinor(payment.amountMinor)} ${payment.currency}`],
    [t("mail.receipt.method"), t(METHODS[payment.method])],
    ...(payment.reference ? [[t("mail.receipt.reference"), payment.reference] as [string, string]] : []),
    [t("mail.receipt.paidOn"), format.date(payment.paidOn)],
    [t("mail.receipt.recordedBy"), payment.recordedByName],
  ];
  y -= 20;
  for (const [label, value] of rows) {
    y -= 30;
    line(fonts.regular, label, 10, muted);
    line(fonts.bold, value, 13, navy, VALUE_X);
  }
  doc.setTitle(`${t("mail.receipt.title")} ${payment.receiptNumber}: ${payment.payerName}`);
  doc.setAuthor(club.name);
  doc.setLanguage(locale);
  return writer.save();
}
