import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { contentTypeOfKey, MEDIA_URL_PREFIX, parseUploadedImage, variantSrcSet, variantWidths } from "~/lib/media";
import { sniffFormat } from "~/lib/media-sniff";
import { LINK_COLUMNS } from "~/wiring/media-collector.server";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffFormat", () => {
  it("knows each accepted format by its first bytes", () => {
    expect(sniffFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFormat(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffFormat(bytes("GIF87a"))).toBe("gif");
    expect(sniffFormat(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffFormat(bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1"))).toBe("avif");
    expect(sniffFormat(bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "mif1avif"))).toBe("avif");
    expect(sniffFormat(bytes("%PDF-1.7\n"))).toBe("pdf");
  });

  it("refuses everything else, whatever it claims to be", () => {
    expect(sniffFormat(bytes("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(sniffFormat(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffFormat(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"))).toBeNull();
    expect(sniffFormat(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffFormat(bytes(" %PDF-1.7"))).toBeNull();
    expect(sniffFormat(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffFormat(new Uint8Array())).toBeNull();
  });
});

describe("media names", () => {
  it("serve only the names the pipeline makes, with their type", () => {
    const hash = "0123456789abcdef01234567";
    expect(contentTypeOfKey(`${hash}-1600x900.jpg`)).toBe("image/jpeg");
    expect(contentTypeOfKey(`${hash}-640.avif`)).toBe("image/avif");
    expect(contentTypeOfKey(`${hash}-640.webp`)).toBe("image/webp");
    expect(contentTypeOfKey(`${hash}.pdf`)).toBe("application/pdf");
    for (const key of [
      "../package.json",
      `..%2f${hash}.pdf`,
      `${hash}.html`,
      `${hash}.pdf/../../etc/passwd`,
      `sub/${hash}.pdf`,
      `${hash.toUpperCase()}.pdf`,
      `${hash}.PDF`,
      `.${hash}.pdf`,
      "",
    ]) {
      expect(contentTypeOfKey(key), key).toBeNull();
    }
  });

  it("tell an uploaded still image and its size from its URL", () => {
    const hash = "0123456789abcdef01234567";
    expect(parseUploadedImage(`${MEDIA_URL_PREFIX}${hash}-1600x900.jpg`)).toEqual({ hash, width: 1600, height: 900 });
    expect(parseUploadedImage(`${MEDIA_URL_PREFIX}${hash}.pdf`)).toBeNull();
    expect(parseUploadedImage(`${MEDIA_URL_PREFIX}${hash}.gif`)).toBeNull();
    expect(parseUploadedImage(`https://example.org/${hash}-1600x900.jpg`)).toBeNull();
  });

  it("promise 320, 640 and 1280 px wide variants, never wider than the original", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 1280]);
    expect(variantWidths(1200)).toEqual([320, 640, 1200]);
    expect(variantWidths(400)).toEqual([320, 400]);
    expect(variantWidths(200)).toEqual([200]);
    const hash = "0123456789abcdef01234567";
    expect(variantSrcSet({ hash, width: 400, height: 400 }, "webp")).toBe(
      `/media/${hash}-320.webp 320w, /media/${hash}-400.webp 400w`,
    );
  });
});

describe("LINK_COLUMNS", () => {
  it("lists every column of the schema that can link a file, so the collector never deletes a used one", () => {
    const listed = new Set(LINK_COLUMNS.map(({ table, column }) => `${getTableName(table)}.${column.name}`));
    const linkLike = /url|img|image|photo|pdf|file|link|banner/i;
    // Checked to be an http(s) link (a member's LinkedIn page), a page of the site (a mail's
    // unsubscribe address) or a judge's contest page the practice sync read: never an uploaded file.
    const webOnly = new Set(["students.linkedin", "mails.unsubscribe_url", "judge_contests.url"]);
    const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
      is(value, PgTable),
    );
    const candidates = tables
      .filter((table) => getTableName(table) !== "media")
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          // A file is named by text: a time such as standings_team_links.linked_at is no link.
          .filter((column) => column.dataType === "string" && linkLike.test(column.name))
          .map((column) => `${getTableName(table)}.${column.name}`)
          .filter((name) => !webOnly.has(name)),
      );
    expect(candidates.length).toBeGreaterThanOrEqual(9);
    for (const candidate of candidates) expect(listed, candidate).toContain(candidate);
    expect(listed).toContain("site_settings.value");
  });
});
