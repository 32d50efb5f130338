/**
 * Pictures and documents for the demo content, drawn by code so the project never
 * downloads (or has to license) images. Every SVG is standalone and small (< 6 KB).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { defaultSiteSettings } from "~/content/site";
import { formatDate } from "~/lib/format";

const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export type Motif = "laptop" | "brackets" | "trophy" | "microphone" | "network" | "rocket";

export interface Standing {
  team: string;
  university: string;
  solved: number;
  penalty: number;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** FNV-1a: a stable hash, so a name always gets the same colours and layout. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Hex rather than hsl(), which some older SVG renderers do not understand. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function gradient(id: string, from: string, to: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

const HONORIFICS = new Set(["dr", "md", "mst", "mohammad", "muhammad", "prof"]);

export function initialsOf(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[^A-Za-z\s]/g, "")
    .split(/\s+/)
    .filter((word) => word && !HONORIFICS.has(word.toLowerCase()));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

export function drawPortrait(name: string): string {
  const hue = hashOf(name) % 360;
  const figure = hsl(hue, 35, 32);
  const body =
    `<defs>${gradient("bg", hsl(hue, 60, 84), hsl((hue + 40) % 360, 55, 68))}</defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="200" cy="155" r="72" fill="${figure}"/>` +
    `<path d="M52 400C52 300 118 248 200 248S348 300 348 400Z" fill="${figure}"/>` +
    `<text x="200" y="352" text-anchor="middle" font-family="${FONT}" font-size="58" ` +
    `font-weight="700" fill="#fff" letter-spacing="4">${escapeXml(initialsOf(name))}</text>`;
  return svgDocument(400, 400, `Portrait of ${name}`, body);
}

/** Greedy word wrap by an estimated glyph width; good enough for short titles. */
function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size at which `text` fits `width` in at most `maxLines` lines. */
function fitText(text: string, width: number, sizes: number[], maxLines: number) {
  for (const size of sizes) {
    const lines = wrapWords(text, Math.floor(width / (size * 0.56)));
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1] ?? 32;
  const lines = wrapWords(text, Math.floor(width / (size * 0.56))).slice(0, maxLines);
  lines[maxLines - 1] = `${lines[maxLines - 1] ?? ""}…`;
  return { size, lines };
}

function textLines(lines: string[], x: number, y: number, size: number, attributes: string): string {
  const spans = lines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : Math.round(size * 1.18)}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" ${attributes}>${spans}</text>`;
}

const MOTIFS: Record<Motif, (accent: string) => string> = {
  laptop: (accent) =>
    `<rect x="40" y="20" width="320" height="210" rx="16" fill="#1f2937"/>` +
    `<rect x="58" y="38" width="284" height="174" rx="6" fill="#0f172a"/>` +
    `<rect x="78" y="62" width="120" height="12" rx="6" fill="${accent}"/>` +
    `<rect x="98" y="90" width="170" height="12" rx="6" fill="#93c5fd"/>` +
    `<rect x="98" y="118" width="130" height="12" rx="6" fill="#fcd34d"/>` +
    `<rect x="78" y="146" width="90" height="12" rx="6" fill="${accent}"/>` +
    `<path d="M0 246H400L372 276H28Z" fill="#374151"/>`,
  brackets: (accent) =>
    `<g fill="none" stroke="#fff" stroke-width="30" stroke-linecap="round" stroke-linejoin="round">` +
    `<polyline points="120,60 30,150 120,240"/><polyline points="280,60 370,150 280,240"/>` +
    `<line x1="230" y1="40" x2="170" y2="260" stroke="${accent}"/></g>`,
  trophy: (accent) =>
    `<path d="M110 30H290V110C290 170 250 200 200 200S110 170 110 110Z" fill="#fbbf24"/>` +
    `<g fill="none" stroke="#fbbf24" stroke-width="18"><path d="M110 60H60V90C60 130 90 150 118 150"/>` +
    `<path d="M290 60H340V90C340 130 310 150 282 150"/></g>` +
    `<rect x="180" y="196" width="40" height="50" fill="#f59e0b"/>` +
    `<rect x="130" y="244" width="140" height="36" rx="8" fill="${accent}"/>` +
    `<path d="M200 70L212 98H242L218 116L227 146L200 128L173 146L182 116L158 98H188Z" fill="#fff"/>`,
  microphone: (accent) =>
    `<rect x="150" y="20" width="100" height="170" rx="50" fill="#e5e7eb"/>` +
    `<g stroke="#9ca3af" stroke-width="6"><line x1="160" y1="70" x2="240" y2="70"/>` +
    `<line x1="160" y1="100" x2="240" y2="100"/><line x1="160" y1="130" x2="240" y2="130"/></g>` +
    `<path d="M110 130C110 190 150 230 200 230S290 190 290 130" fill="none" stroke="#fff" stroke-width="16"/>` +
    `<rect x="192" y="230" width="16" height="40" fill="#fff"/>` +
    `<rect x="130" y="266" width="140" height="16" rx="8" fill="${accent}"/>`,
  network: (accent) =>
    `<g stroke="#fff" stroke-width="8" opacity=".85"><line x1="200" y1="150" x2="70" y2="60"/>` +
    `<line x1="200" y1="150" x2="340" y2="70"/><line x1="200" y1="150" x2="80" y2="250"/>` +
    `<line x1="200" y1="150" x2="330" y2="240"/><line x1="70" y1="60" x2="340" y2="70"/></g>` +
    `<circle cx="200" cy="150" r="52" fill="${accent}"/><circle cx="70" cy="60" r="30" fill="#fff"/>` +
    `<circle cx="340" cy="70" r="34" fill="#fff"/><circle cx="80" cy="250" r="28" fill="#fff"/>` +
    `<circle cx="330" cy="240" r="32" fill="#fff"/>`,
  rocket: (accent) =>
    `<path d="M200 10C260 60 270 140 250 210H150C130 140 140 60 200 10Z" fill="#f3f4f6"/>` +
    `<circle cx="200" cy="105" r="28" fill="${accent}" stroke="#1f2937" stroke-width="8"/>` +
    `<path d="M150 170L100 240H155ZM250 170L300 240H245Z" fill="${accent}"/>` +
    `<path d="M165 215H235L215 285H185Z" fill="#fb923c"/>`,
};

export interface EventImageOptions {
  title: string;
  caption?: string;
  motif: Motif;
  /** Varies colours and layout between pictures of one event. */
  variant?: number;
}

/** A 16:9 illustration (1200x675) for event cards and detail pages. */
export function drawEventImage({ title, caption, motif, variant = 0 }: EventImageOptions): string {
  const seed = hashOf(`${title}|${variant}`);
  const hue = seed % 360;
  const accent = hsl((hue + 150) % 360, 85, 60);
  const bubbles = [0, 1, 2]
    .map((i) => {
      const x = 80 + ((seed >>> (i * 5)) % 1040);
      const y = 60 + ((seed >>> (i * 7)) % 560);
      return `<circle cx="${x}" cy="${y}" r="${60 + i * 50}" fill="#fff" opacity=".07"/>`;
    })
    .join("");
  const heading = fitText(title, 620, [60, 50, 42, 36], 3);
  const captionY = 200 + heading.lines.length * Math.round(heading.size * 1.18) + 20;
  const body =
    `<defs>${gradient("bg", hsl(hue, 65, 30), hsl((hue + 50) % 360, 70, 45))}</defs>` +
    `<rect width="1200" height="675" fill="url(#bg)"/>${bubbles}` +
    `<rect x="80" y="120" width="90" height="10" rx="5" fill="${accent}"/>` +
    textLines(heading.lines, 80, 200, heading.size, `font-weight="700" fill="#fff"`) +
    (caption ? textLines([caption], 80, captionY, 30, `fill="#e5e7eb"`) : "") +
    textLines([defaultSiteSettings.clubName], 80, 610, 26, `fill="#fff" opacity=".8" letter-spacing="2"`) +
    `<g transform="translate(740 190)">${MOTIFS[motif](accent)}</g>`;
  return svgDocument(1200, 675, caption ? `${title}: ${caption}` : title, body);
}

export interface BannerOptions {
  title?: string;
  tagline?: string;
  subtitle?: string;
}

/** The home carousel picture (1600x600). */
export function drawBanner({
  title = defaultSiteSettings.clubName,
  tagline = "Upgrade yourself",
  subtitle = `${defaultSiteSettings.department}, ${defaultSiteSettings.universityName}`,
}: BannerOptions = {}): string {
  const hexagons = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const x = 980 + (i % 3) * 150 + (i > 2 ? 75 : 0);
      const y = 90 + Math.floor(i / 3) * 130;
      return `<polygon points="${hexagonPoints(x, y, 70)}" fill="none" stroke="#fff" stroke-width="3" opacity=".18"/>`;
    })
    .join("");
  const heading = fitText(title, 860, [72, 60, 50, 42], 1);
  const fitted = fitText(subtitle, 860, [30, 26, 22], 2);
  const body =
    `<defs>${gradient("bg", "#0f172a", "#1d4ed8")}</defs>` +
    `<rect width="1600" height="600" fill="url(#bg)"/>${hexagons}` +
    `<circle cx="1480" cy="560" r="220" fill="#38bdf8" opacity=".12"/>` +
    textLines(heading.lines, 100, 250, heading.size, `font-weight="800" fill="#fff"`) +
    textLines([tagline], 100, 330, 44, `font-weight="600" fill="#fbbf24"`) +
    textLines(fitted.lines, 100, 410, fitted.size, `fill="#cbd5e1"`) +
    `<g transform="translate(1050 180)">${MOTIFS.laptop("#34d399")}</g>`;
  return svgDocument(1600, 600, `${title}: ${tagline}`, body);
}

function hexagonPoints(cx: number, cy: number, r: number): string {
  return [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const angle = (Math.PI / 3) * i + Math.PI / 6;
      return `${Math.round(cx + r * Math.cos(angle))},${Math.round(cy + r * Math.sin(angle))}`;
    })
    .join(" ");
}

export interface ResultSheetOptions {
  contestName: string;
  publishingDate: string;
  standings: Standing[];
}

export const RESULT_SHEET_MAX_ROWS = 15;
const MEDALS = ["#f59e0b", "#9ca3af", "#b45309"];
const SHEET_STYLE = `<style>.t{font-family:${FONT};font-size:24px;fill:#0f172a}.h{font-weight:700;fill:#fff}.m{text-anchor:middle;font-weight:700}.e{text-anchor:end}</style>`;

/** A 1200x1600 leader board: rank, team, university, solved and penalty columns. */
export function drawResultSheet({ contestName, publishingDate, standings }: ResultSheetOptions): string {
  const heading = fitText(contestName, 1040, [48, 40, 34], 2);
  const rows = standings.slice(0, RESULT_SHEET_MAX_ROWS).map(resultRow).join("");
  const published = `${defaultSiteSettings.clubName} · Published ${formatDate(publishingDate)}`;
  const body =
    SHEET_STYLE +
    `<rect width="1200" height="1600" fill="#f8fafc"/><rect width="1200" height="300" fill="#1e3a8a"/>` +
    textLines(["LEADER BOARD"], 80, 90, 30, `font-weight="700" fill="#fbbf24" letter-spacing="6"`) +
    textLines(heading.lines, 80, 160, heading.size, `font-weight="700" fill="#fff"`) +
    textLines([published], 80, 265, 26, `fill="#cbd5e1"`) +
    `<rect x="60" y="340" width="1080" height="${60 + 70 * Math.min(standings.length, RESULT_SHEET_MAX_ROWS)}" fill="#fff"/>` +
    `<rect x="60" y="340" width="1080" height="60" fill="#334155"/>` +
    `<text y="379" class="t h"><tspan x="90">Rank</tspan><tspan x="200">Team</tspan><tspan x="560">University</tspan>` +
    `<tspan x="1000" class="e">Solved</tspan><tspan x="1120" class="e">Penalty</tspan></text>${rows}`;
  return svgDocument(1200, 1600, `${contestName}: result sheet`, body);
}

/** One text element per row keeps a full sheet under the 6 KB budget. */
function resultRow({ team, university, solved, penalty }: Standing, index: number): string {
  const y = 400 + index * 70;
  const stripe = index % 2 === 1 ? `<rect x="60" y="${y}" width="1080" height="70" fill="#e2e8f0"/>` : "";
  const medal = MEDALS[index];
  const badge = medal ? `<circle cx="108" cy="${y + 35}" r="22" fill="${medal}"/>` : "";
  return (
    `${stripe}${badge}<text y="${y + 43}" class="t"><tspan x="108" class="m">${index + 1}</tspan>` +
    `<tspan x="200">${escapeXml(clip(team, 26))}</tspan><tspan x="560">${escapeXml(clip(university, 26))}</tspan>` +
    `<tspan x="1000" class="e">${solved}</tspan><tspan x="1120" class="e">${penalty}</tspan></text>`
  );
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface PdfOptions {
  title: string;
  /** YYYY-MM-DD; also the document's creation date, so the same input gives the same bytes. */
  date: string;
  paragraphs: string[];
  table?: { headers: string[]; rows: string[][]; columnX: number[] };
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** A one-page A4 notice in the club's letterhead. */
export async function makePdf({ title, date, paragraphs, table }: PdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const created = new Date(`${date}T00:00:00Z`);
  pdf.setTitle(toWinAnsi(title));
  pdf.setAuthor(defaultSiteSettings.clubName);
  pdf.setProducer(defaultSiteSettings.clubName);
  pdf.setCreator(defaultSiteSettings.clubName);
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = drawLetterhead(page, fonts);
  y = drawParagraph(page, fonts.bold, title, y - 16, 16);
  y = drawParagraph(page, fonts.regular, `Date: ${formatDate(date)}`, y - 4, 11);
  for (const paragraph of paragraphs) y = drawParagraph(page, fonts.regular, paragraph, y - 10, 11);
  if (table) y = drawTable(page, fonts, table, y - 16);
  drawParagraph(page, fonts.regular, `General Secretary, ${defaultSiteSettings.clubName}`, Math.min(y - 40, 120), 11);
  return pdf.save();
}

type Fonts = { regular: PDFFont; bold: PDFFont };

function drawLetterhead(page: PDFPage, fonts: Fonts): number {
  const top = PAGE.height - PAGE.margin;
  page.drawText(toWinAnsi(defaultSiteSettings.clubName), { x: PAGE.margin, y: top, size: 18, font: fonts.bold });
  page.drawText(toWinAnsi(defaultSiteSettings.department), {
    x: PAGE.margin,
    y: top - 18,
    size: 9,
    font: fonts.regular,
  });
  page.drawText(toWinAnsi(`${defaultSiteSettings.address} · ${defaultSiteSettings.email}`), {
    x: PAGE.margin,
    y: top - 30,
    size: 9,
    font: fonts.regular,
  });
  const ruleY = top - 42;
  page.drawLine({
    start: { x: PAGE.margin, y: ruleY },
    end: { x: PAGE.width - PAGE.margin, y: ruleY },
    thickness: 1.5,
    color: rgb(0.12, 0.23, 0.54),
  });
  return ruleY - 10;
}

/** Draws wrapped text below `top` and returns the baseline of its last line. */
function drawParagraph(page: PDFPage, font: PDFFont, text: string, top: number, size: number): number {
  const width = PAGE.width - 2 * PAGE.margin;
  let y = top;
  for (const line of wrapByWidth(toWinAnsi(text), font, size, width)) {
    y -= size * 1.45;
    page.drawText(line, { x: PAGE.margin, y, size, font });
  }
  return y;
}

function wrapByWidth(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function drawTable(page: PDFPage, fonts: Fonts, table: NonNullable<PdfOptions["table"]>, top: number): number {
  const drawRow = (cells: string[], y: number, font: PDFFont) =>
    cells.forEach((cell, i) => {
      page.drawText(toWinAnsi(cell), { x: PAGE.margin + (table.columnX[i] ?? 0), y, size: 10, font });
    });
  let y = top - 14;
  drawRow(table.headers, y, fonts.bold);
  for (const row of table.rows) {
    y -= 17;
    if (y < 150) break;
    drawRow(row, y, fonts.regular);
  }
  return y;
}

/** The standard PDF fonts only encode WinAnsi; fold accents and drop what cannot be shown. */
export function toWinAnsi(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\u00b7/g, "-")
    .replace(/[^\x20-\x7e]/g, "");
}
