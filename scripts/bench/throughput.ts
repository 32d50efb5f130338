import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningServer } from "../../tests/support/server";
import { type PlainResponse, warmPageCache } from "./http";
import { type LoadResult, round, runLoad, runLoadsInTurns } from "./load";

const THROUGHPUT_PATHS = ["/", "/students", "/notice", "/api/students"];

interface Load {
  connections: number;
  seconds: number;
}

export interface ThroughputRow {
  path: string;
  bytes: number;
  app: LoadResult;
  bare: LoadResult;
  ratio: number;
}

/**
 * What every browser sends: the page cache answers it with a stored copy as it is. (A client
 * taking neither brotli nor gzip gets a plain copy inflated from the gzip one and kept a while
 * for the next such client, within a few MB: decision 023.)
 */
const BROWSER_HEADERS = { "Accept-Encoding": "br, gzip" };

/**
 * Each app path, anonymous (so from the page cache), as a browser asks for it, next to a bare
 * Node server answering the same bytes from memory.
 */
export async function measureAnonymousThroughput(server: RunningServer, load: Load): Promise<ThroughputRow[]> {
  const rows = [];
  for (const pagePath of THROUGHPUT_PATHS) {
    const url = `${server.baseUrl}${pagePath}`;
    const sample = await warmPageCache(url, BROWSER_HEADERS);
    const app = await runLoad({ url, headers: BROWSER_HEADERS, ...load });
    const bare = await withBareServer(sample, (bareUrl) =>
      runLoad({ url: bareUrl, headers: BROWSER_HEADERS, ...load }),
    );
    rows.push({
      path: pagePath,
      bytes: sample.body.length,
      app,
      bare,
      ratio: round(app.requestsPerSecond / bare.requestsPerSecond),
    });
  }
  return rows;
}

/**
 * `/students` with a query string never seen before on every request (as a script dodging the
 * cache would send), and a path the site doesn't have, new on every request (a scanner probing
 * for files), next to plain cache hits. Goal for each: at least half the hits' throughput.
 */
export async function measureCacheBypass(server: RunningServer, load: Load) {
  const url = `${server.baseUrl}/students`;
  await warmPageCache(url);
  const hits = await runLoad({ url, ...load });
  const distinctQueries = await runLoad({ url, ...load, uniqueQuery: true });
  const madeUp = `${server.baseUrl}/made-up`;
  await warmPageCache(madeUp);
  // In turns with hits, two seconds at a time: on shared cores the load of the moment decides more than the path.
  const [hitsBesideMadeUpPaths = hits, madeUpPaths = hits] = await runLoadsInTurns(
    [
      { url, ...load },
      { url: madeUp, ...load, uniquePath: true },
    ],
    { turns: Math.max(1, Math.round(load.seconds / 2)) },
  );
  return {
    hits,
    distinctQueries,
    ratio: round(distinctQueries.requestsPerSecond / hits.requestsPerSecond),
    hitsBesideMadeUpPaths,
    madeUpPaths,
    madeUpPathsRatio: round(madeUpPaths.requestsPerSecond / hitsBesideMadeUpPaths.requestsPerSecond),
  };
}

/** A server answering every request with the app's response: its bytes, type and encoding. */
async function withBareServer<T>(sample: PlainResponse, run: (url: string) => Promise<T>): Promise<T> {
  const { body } = sample;
  const headers = {
    "Content-Type": sample.headers["content-type"] ?? "text/html",
    "Content-Length": body.length,
    ...(sample.headers["content-encoding"] && { "Content-Encoding": sample.headers["content-encoding"] }),
  };
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  try {
    return await run(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }
}
