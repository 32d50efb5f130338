import { centredRule, centredWriter, framedPaper } from "~/features/events/certificate-pdf.server";
import { formatDate } from "~/lib/format";
import type { InvolvementRow, Term } from "./involvement";
import { lastDayOf } from "./involvement";

/**
 * The involvement certificate: English like the certificate of participation (it is shown
 * outside the club), on the same paper; the member's and the club's names print as written,
 * Bangla shaped.
 */
const texts = {
  title: "Certificate of Involvement",
  certifies: "This certifies that",
  tookPart: (from: string, to: string) => `took part in the club's life from ${from} to ${to}:`,
  line: (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`,
  points: (score: number) => `${score} involvement points`,
  issued: (club: string, on: string) => `Issued by ${club} on ${on}`,
  namesElsewhere: "Some letters can't be printed here: the member's page has every name in full.",
} as const;

export interface InvolvementPdfInput {
  clubName: string;
  row: InvolvementRow;
  term: Term;
  /** `YYYY-MM-DD`, the club's today. */
  issuedOn: string;
}

function countsLine(row: InvolvementRow): string {
  return [
    texts.line(row.sessions, "session", "sessions"),
    texts.line(row.events, "event", "events"),
    texts.line(row.contests, "contest", "contests"),
    texts.line(row.roles, "role held", "roles held"),
  ].join("  ·  ");
}

export async function renderInvolvementPdf(input: InvolvementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, writer, fonts, colours, page, height } = await framedPaper();
  const { regular, bold } = fonts;
  const write = centredWriter(page, height - 70);
  const plain = (gap: number) => ({ font: regular, size: 15, colour: colours.text, gap });
  const club = bold.printable(input.clubName.toUpperCase());
  const name = bold.printable(input.row.name);
  write(club.text, { font: bold, size: 14, least: 9, colour: colours.navy, gap: 30 });
  const titleLine = write(texts.title.toUpperCase(), {
    font: bold,
    size: 32,
    least: 24,
    colour: colours.navy,
    gap: 56,
  });
  centredRule(page, titleLine - 18, 140, 3, colours.amber);
  write(texts.certifies, plain(62));
  const nameLine = write(name.text, { font: bold, size: 34, least: 22, colour: colours.navy, gap: 52 });
  centredRule(page, nameLine - 14, 480, 0.75, colours.rule);
  write(texts.tookPart(formatDate(input.term.from), formatDate(lastDayOf(input.term))), plain(44));
  write(countsLine(input.row), { font: bold, size: 18, least: 14, colour: colours.navy, gap: 36 });
  write(texts.points(input.row.score), plain(32));
  if (!club.complete || !name.complete) {
    write(texts.namesElsewhere, { font: regular, size: 10, colour: colours.muted, gap: 28 });
  }
  // At the foot of the frame, as the certificate of participation's code.
  const foot = centredWriter(page, 116);
  foot(regular.printable(texts.issued(input.clubName, formatDate(input.issuedOn))).text, {
    font: regular,
    size: 11,
    colour: colours.muted,
    gap: 0,
  });
  doc.setTitle(`${texts.title}: ${input.row.name}`);
  doc.setAuthor(input.clubName);
  doc.setLanguage("en");
  return writer.save();
}
