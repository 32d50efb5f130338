import zlib from "node:zlib";
import { httpRequest } from "./http";

export interface PageWeight {
  path: string;
  htmlGzipBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  imageBytes: number;
  requests: number;
}

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]+)"`))?.[1];

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

/**
 * What a first visit downloads: gzip sizes of the HTML (with its inline scripts), script
 * files and CSS (style sheets and inline `<style>`, which the HTML figure leaves out), and the
 * raw bytes of eagerly loaded images.
 */
export async function measurePageWeight(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const response = await httpRequest(`${baseUrl}${path}`, { headers });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const page = response.text();
  const inlineStyles = [...page.matchAll(INLINE_STYLE)].map((match) => match[1] ?? "").join("\n");
  const html = page.replace(INLINE_STYLE, "");
  const tags = html.match(/<(script|link|img)\b[^>]*>/g) ?? [];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const images = new Set<string>();
  for (const tag of tags) {
    const src = attribute(tag, "src");
    const href = attribute(tag, "href");
    const rel = attribute(tag, "rel");
    if (tag.startsWith("<script") && src) scripts.add(src);
    else if (tag.startsWith("<link") && href && rel === "modulepreload") scripts.add(href);
    else if (tag.startsWith("<link") && href && rel === "stylesheet") styles.add(href);
    else if (tag.startsWith("<img") && src && attribute(tag, "loading") !== "lazy") images.add(src);
  }
  const gzipSize = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length;
  const fetchBytes = async (url: string) => (await httpRequest(new URL(url, baseUrl).href)).body;
  const sum = async (urls: Set<string>, measure: (bytes: Buffer) => number) =>
    (await Promise.all([...urls].map(async (url) => measure(await fetchBytes(url))))).reduce((a, b) => a + b, 0);
  return {
    path,
    htmlGzipBytes: gzipSize(html),
    // Script files only: inline scripts (React Router's page data) are part of the HTML above.
    jsGzipBytes: await sum(scripts, gzipSize),
    cssGzipBytes: (await sum(styles, gzipSize)) + (inlineStyles ? gzipSize(inlineStyles) : 0),
    imageBytes: await sum(images, (bytes) => bytes.length),
    requests: 1 + scripts.size + styles.size + images.size,
  };
}
