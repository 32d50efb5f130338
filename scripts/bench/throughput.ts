import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningServer } from "../../tests/support/server";
import { warmPageCache } from "./http";
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

/** Each app path, anonymous (so from the page cache), next to a bare Node server answering the same bytes from memory. */
export async function measureAnonymousThroughput(server: RunningServer, load: Load): Promise<ThroughputRow[]> {
  const rows = [];
  for (const pagePath of THROUGHPUT_PATHS) {
    const url = `${server.baseUrl}${pagePath}`;
    const sample = await warmPageCache(url);
    const contentType = sample.headers["content-type"] ?? "text/html";
    const app = await runLoad({ url, ...load });
    const bare = await withBareServer(sample.body, contentType, (bareUrl) => runLoad({ url: bareUrl, ...load }));
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

async function withBareServer<T>(body: Buffer, contentType: string, run: (url: string) => Promise<T>): Promise<T> {
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  try {
    return await run(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }
}
