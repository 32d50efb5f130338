import type { PDFPage, RGB } from "pdf-lib";
import { formatDate } from "~/lib/format";
import type { PdfTextFont } from "~/lib/pdf-text/pdf-text.server";

/**
 * The certificate's words. It is printed in English whatever the reader's language (it is shown
 * to people outside the club); the names in it print in whatever script they are written in.
 */
const texts = {
  pdfTitle: "Certificate of Participation",
  pdfCertifies: "This certifies that",
  pdfTookPart: "took part in",
  pdfOn: (date: string) => `held on ${date}`,
  pdfCode: "Certificate code",
  pdfCheckAt: (url: string) => `Check it at ${url}`,
  pdfNamesElsewhere: "Some letters can't be printed here: the page at the address below shows every name in full.",
} as const;

export interface CertificatePdfInput {
  clubName: string;
  personName: string;
  eventName: string;
  /** `YYYY-MM-DD` */
  eventDate: string;
  code: string;
  verifyUrl: string;
}

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const TEXT_WIDTH = 640;
/** The site's navy and amber (app/app.css), and its slate for plain text. */
const COLOURS = { navy: "#0b1f3a", amber: "#f59e0b", text: "#334155", muted: "#64748b", rule: "#cbd5e1" };

export type Colours = Record<keyof typeof COLOURS, RGB>;

export interface TextStyle {
  font: PdfTextFont;
  size: number;
  colour: RGB;
  /** From the previous baseline to this text's first. */
  gap: number;
  /** Long text shrinks down to this size before it wraps. */
  least?: number;
}

function wrapped(font: PdfTextFont, text: string, size: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const longer = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(longer, size) > TEXT_WIDTH) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  return [...lines, line];
}

/**
 * Long text shrinks to fit one line, down to `least`; past that it wraps, at its own size
 * when two lines hold it (less shrunk text reads better), else at `least`.
 */
function fittedSize(text: string, { font, size, least }: TextStyle): number {
  const width = font.widthOfTextAtSize(text, size);
  if (!least || width <= TEXT_WIDTH) return size;
  const shrunk = (size * TEXT_WIDTH) / width;
  if (shrunk >= least) return shrunk;
  return wrapped(font, text, size).length <= 2 ? size : least;
}

/** Writes centred lines down the page; returns the last baseline. */
export function centredWriter(page: PDFPage, top: number) {
  let baseline = top;
  return (text: string, style: TextStyle): number => {
    const { font, colour } = style;
    const size = fittedSize(text, style);
    wrapped(font, text, size).forEach((line, index) => {
      baseline -= index === 0 ? style.gap : size * 1.2;
      const x = (PAGE.width - font.widthOfTextAtSize(line, size)) / 2;
      font.drawText(page, line, { x, y: baseline, size, color: colour });
    });
    return baseline;
  };
}

function drawFrame(page: PDFPage, colours: Colours) {
  const inset = (by: number) => ({ x: by, y: by, width: PAGE.width - 2 * by, height: PAGE.height - 2 * by });
  page.drawRectangle({ ...inset(18), borderColor: colours.navy, borderWidth: 10 });
  page.drawRectangle({ ...inset(32), borderColor: colours.amber, borderWidth: 1.5 });
}

export function centredRule(page: PDFPage, y: number, width: number, thickness: number, colour: RGB) {
  const x = (PAGE.width - width) / 2;
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness, color: colour });
}

export interface Fonts {
  regular: PdfTextFont;
  bold: PdfTextFont;
}

/** The person, the event and the date, centred down the page; returns the last baseline. */
function drawWording(page: PDFPage, { regular, bold }: Fonts, colours: Colours, input: CertificatePdfInput) {
  const write = centredWriter(page, PAGE.height - 70);
  const plain = (gap: number) => ({ font: regular, size: 15, colour: colours.text, gap });
  const strong = (size: number, least: number, gap: number) => ({ font: bold, size, least, colour: colours.navy, gap });
  const club = bold.printable(input.clubName.toUpperCase());
  const name = bold.printable(input.personName);
  const event = bold.printable(input.eventName);
  write(club.text, strong(14, 9, 30));
  const titleLine = write(texts.pdfTitle.toUpperCase(), strong(32, 32, 56));
  centredRule(page, titleLine - 18, 140, 3, colours.amber);
  write(texts.pdfCertifies, plain(62));
  const nameLine = write(name.text, strong(34, 22, 52));
  centredRule(page, nameLine - 14, 480, 0.75, colours.rule);
  write(texts.pdfTookPart, plain(44));
  write(event.text, strong(22, 16, 38));
  const dateLine = write(texts.pdfOn(formatDate(input.eventDate)), plain(32));
  if ([club, name, event].every((text) => text.complete)) return dateLine;
  return write(texts.pdfNamesElsewhere, { font: regular, size: 10, colour: colours.muted, gap: 28 });
}

/** The code and where to check it: at the foot of the frame, or lower still under the longest names. */
function drawCheck(page: PDFPage, fonts: Fonts, colours: Colours, input: CertificatePdfInput, wordingEnd: number) {
  const write = centredWriter(page, Math.min(116, wordingEnd - 36));
  write(`${texts.pdfCode}  ${input.code}`, { font: fonts.bold, size: 13, colour: colours.navy, gap: 0 });
  const checkAt = fonts.regular.printable(texts.pdfCheckAt(input.verifyUrl)).text;
  write(checkAt, { font: fonts.regular, size: 10, colour: colours.text, gap: 20 });
}

/**
 * An A4 landscape page framed in the club's navy and amber, with Noto Sans Bengali (only the
 * glyphs drawn are kept): every certificate's paper. pdf-lib and the shaper are loaded on the
 * first one, not when the server starts.
 */
export async function framedPaper() {
  const [{ PDFDocument, rgb }, { PdfTextWriter }, { paperFonts }] = await Promise.all([
    import("pdf-lib"),
    import("~/lib/pdf-text/pdf-text.server"),
    import("~/lib/pdf-text/paper-fonts.server"),
  ]);
  const [doc, shaping] = await Promise.all([PDFDocument.create(), paperFonts()]);
  const writer = new PdfTextWriter(doc);
  const fonts: Fonts = { regular: writer.font(shaping.regular), bold: writer.font(shaping.bold) };
  const paint = (hex: string) => rgb(...hexChannels(hex));
  const colours: Colours = {
    navy: paint(COLOURS.navy),
    amber: paint(COLOURS.amber),
    text: paint(COLOURS.text),
    muted: paint(COLOURS.muted),
    rule: paint(COLOURS.rule),
  };
  const page = doc.addPage([PAGE.width, PAGE.height]);
  drawFrame(page, colours);
  return { doc, writer, fonts, colours, page, height: PAGE.height };
}

/** The certificate of participation as a one-page PDF, with the address and code that verify it. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, writer, fonts, colours, page } = await framedPaper();
  drawCheck(page, fonts, colours, input, drawWording(page, fonts, colours, input));
  doc.setTitle(`${texts.pdfTitle}: ${input.personName}, ${input.eventName}`);
  doc.setAuthor(input.clubName);
  doc.setSubject(`${texts.pdfCode} ${input.code}`);
  doc.setLanguage("en");
  return writer.save();
}

function hexChannels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}
