import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { bytesEntry, readTar, writeTar } from "~/lib/tar.server";
import { sitemapPaths } from "../../scripts/bench/http";

/** The spec's fixed public routes; the rest come from the sitemap and the links of these pages. */
const FIXED_PATHS = [
  "/",
  "/about",
  "/rules",
  "/results",
  "/events",
  "/notice",
  "/teachers",
  "/students",
  "/executive-panel-2021",
  "/2020-panel",
  "/2019-panel",
  "/2018-panel",
  "/sitemap.xml",
  "/feeds/notices.xml",
  "/feeds/events.xml",
  "/feeds/results.xml",
  "/api/students",
  "/api/teachers",
  "/api/all-notice",
  "/api/events",
  "/api/executives",
  "/api/results",
  "/api/recentEvents.JSON",
];

/** Links worth following: the public pages and what they offer to download. */
const PUBLIC_LINK =
  /^\/(about|rules|results|rankings|events|notice|teachers|students|details|panels|executive-panel-2021|20\d\d-panel|certificates)([/?.]|$)/;
const MAX_PAGES = 400;
const MEDIA_URL = /\/media\/[0-9a-f]{24}[a-z0-9x-]*\.(?:jpg|png|webp|avif|gif|pdf|svg)/g;

export interface SiteSnapshot {
  /** Path → status and body, with what differs per request or per server taken out. */
  pages: Map<string, string>;
  /** Media path → SHA-256 of its bytes. */
  media: Map<string, string>;
}

/**
 * A page as any server of the same data would send it: no CSP nonces, no server address, no
 * moment of the request (an event's .ics and a certificate's PDF are stamped when they are made).
 */
function normalise(page: string, baseUrl: string): string {
  // A calendar folds its long lines, the server's address included.
  const body = page.startsWith("BEGIN:VCALENDAR") ? page.replace(/\r\n[ \t]/g, "") : page;
  return body
    .replaceAll(baseUrl, "BASE_URL")
    .replaceAll(encodeURIComponent(baseUrl), "BASE_URL")
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/^DTSTAMP:\d{8}T\d{6}Z$/gm, "DTSTAMP")
    .replace(/\/(CreationDate|ModDate) \(D:[^)]*\)/g, "/$1");
}

/** Where two texts first differ, with some context: a readable failure for pages of 100 KB. */
export function firstDifference(actual: string | undefined, expected: string): string | undefined {
  if (actual === expected) return undefined;
  if (actual === undefined) return "missing";
  let at = 0;
  while (at < expected.length && actual[at] === expected[at]) at++;
  return `at ${at}: got …${actual.slice(Math.max(0, at - 80), at + 120)}… expected …${expected.slice(Math.max(0, at - 80), at + 120)}…`;
}

const linksOf = (html: string) =>
  [...html.matchAll(/href="(\/[^"#]*)"/g)].map((match) => (match[1] as string).replaceAll("&amp;", "&"));

/**
 * Every public page and media file an anonymous visitor reaches from the fixed routes and the
 * sitemap, asked of `baseUrl`; `publicUrl` is the BASE_URL the site was given, when not that.
 */
export async function snapshotSite(baseUrl: string, publicUrl = baseUrl): Promise<SiteSnapshot> {
  const fromSitemap = sitemapPaths(await (await fetch(`${baseUrl}/sitemap.xml`)).text());
  const queue = [...new Set([...FIXED_PATHS, ...fromSitemap])];
  const pages = new Map<string, string>();
  const mediaPaths = new Set<string>();
  while (queue.length > 0 && pages.size < MAX_PAGES) {
    const path = queue.shift() as string;
    if (pages.has(path)) continue;
    const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    const body = await response.text();
    pages.set(path, `${response.status}\n${normalise(body, publicUrl)}`);
    for (const media of body.match(MEDIA_URL) ?? []) mediaPaths.add(media);
    for (const link of linksOf(body)) if (PUBLIC_LINK.test(link) && !pages.has(link)) queue.push(link);
  }
  const media = new Map<string, string>();
  for (const path of [...mediaPaths].sort()) {
    const response = await fetch(`${baseUrl}${path}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    media.set(path, `${response.status} ${crypto.createHash("sha256").update(bytes).digest("hex")}`);
  }
  return { pages, media };
}

/** A backup's entries by name, table parts unpacked. */
export async function readArchive(file: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  for await (const entry of readTar(fs.createReadStream(file))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    entries.set(entry.name, entry.name.endsWith(".gz") ? zlib.gunzipSync(bytes) : bytes);
  }
  return entries;
}

/** A table's rows in a backup, parsed. */
export function rowsOf(archive: Map<string, Buffer>, table: string): Record<string, unknown>[] {
  return [...archive.entries()]
    .filter(([name]) => name.startsWith(`tables/${table}/`))
    .flatMap(([, bytes]) => bytes.toString("utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** An archive of these entries (JSON, or bytes as they are), to try a restore with. */
export async function writeArchive(file: string, entries: Record<string, unknown>) {
  const archive = Object.entries(entries).map(([name, value]) =>
    bytesEntry(name, value instanceof Uint8Array ? value : JSON.stringify(value)),
  );
  await pipeline(writeTar(archive), fs.createWriteStream(file));
}

/** A part of a table's rows as a backup holds it: one JSON object a line, gzipped. */
export function tablePart(rows: Record<string, unknown>[]): Buffer {
  return zlib.gzipSync(rows.map((row) => JSON.stringify(row)).join("\n"));
}
