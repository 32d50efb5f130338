import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Poppler's command-line tools (Debian's poppler-utils, which .ci/run installs): what a PDF
 * reader makes of a document, not what the code that wrote it meant.
 */
const run = promisify(execFile);

async function withPdfFile<T>(pdf: Uint8Array, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-tools-"));
  try {
    const file = path.join(dir, "document.pdf");
    await fs.writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The text `pdftotext` extracts, in UTF-8, as a reader copying it would get it. */
export function pdfToText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run("pdftotext", ["-enc", "UTF-8", file, "-"])).stdout);
}

/** The lines of `pdftotext`'s text, trimmed, without the empty ones. */
export async function pdfTextLines(pdf: Uint8Array): Promise<string[]> {
  return (await pdfToText(pdf))
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The fonts `pdffonts` lists: name, type, embedded, subset, with a Unicode map. */
export async function pdfFonts(
  pdf: Uint8Array,
): Promise<{ name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean }[]> {
  const { stdout } = await withPdfFile(pdf, (file) => run("pdffonts", [file]));
  return stdout
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/.exec(line.trim());
      if (!match) throw new Error(`pdffonts printed a line it should not: ${line}`);
      return {
        name: match[1] ?? "",
        type: match[2] ?? "",
        embedded: match[4] === "yes",
        subset: match[5] === "yes",
        unicode: match[6] === "yes",
      };
    });
}

/** The first page as a PNG at this resolution (`pdftoppm`), copied to `keepAs` for a person to look at. */
export function pdfFirstPagePng(pdf: Uint8Array, dpi: number, keepAs: string): Promise<Buffer> {
  return withPdfFile(pdf, async (file, dir) => {
    await run("pdftoppm", [
      "-png",
      "-r",
      String(dpi),
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      path.join(dir, "page"),
    ]);
    const png = await fs.readFile(path.join(dir, "page.png"));
    await fs.mkdir(path.dirname(keepAs), { recursive: true });
    await fs.writeFile(keepAs, png);
    return png;
  });
}
