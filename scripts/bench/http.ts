import http, { type IncomingHttpHeaders } from "node:http";

export interface PlainResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  /** Set-Cookie lines reduced to `name=value`, joined for a Cookie header. */
  cookies(): string;
}

/**
 * One request on its own connection. The bench idles connections for the length of a load
 * run, long past the server's keep-alive time; fetch's pool would reuse a closed one.
 */
export function httpRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text: () => body.toString("utf8"),
          cookies: () => (res.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; "),
        });
      });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

/**
 * Asks for an anonymous page until the page cache answers it. The first request renders and
 * answers before the cache has compressed and stored the page, so a load started right after
 * it began with every connection rendering the same page (and briefly holding a gigabyte).
 */
export async function warmPageCache(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<PlainResponse> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const response = await httpRequest(url, { headers });
    if (response.headers["x-page-cache"] === "HIT") return response;
    if (performance.now() > deadline) throw new Error(`${url} never came from the page cache`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The paths of the pages a sitemap lists, once each, in its order. */
export function sitemapPaths(sitemap: string): string[] {
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  return [...new Set(paths)];
}

/** The paths of every page the sitemap at `baseUrl` lists, once each. */
export async function publicPaths(baseUrl: string): Promise<string[]> {
  return sitemapPaths((await httpRequest(`${baseUrl}/sitemap.xml`)).text());
}
