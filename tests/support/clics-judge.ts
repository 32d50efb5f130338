import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { unzipSync } from "fflate";

/**
 * A stand-in for a judge's CLICS Contest API, replaying a real contest's recorded event feed:
 * `/contests/{id}/event-feed` as NDJSON (resumed after `since_token`, kept open for the events
 * released later), `/contests/{id}/state`, and the contest's other endpoints polled judges
 * answer. The test decides how far the contest has got (`release`) and drops connections
 * (`dropConnections`). It checks the account it is given (HTTP basic) on every request.
 */
export interface StandInJudge {
  /** The Contest API's address, as an admin would enter it (…/api/v4 on DOMjudge). */
  apiUrl: string;
  contestId: string;
  /** The recorded feed's lines (events), in order. */
  lines: string[];
  /** Makes the feed's first `count` events available (open feeds get the new ones at once). */
  release(count: number): void;
  released(): number;
  /** Closes every open feed connection mid-stream, as a network drop would. */
  dropConnections(): void;
  /** The feed requests made so far: their `since_token` (null: from the start) and whether the account was right. */
  feedRequests: { sinceToken: string | null; authorized: boolean }[];
  stop(): Promise<void>;
}

export function readRecordedFeed(zipPath: string, fs: typeof import("node:fs")): string[] {
  const entries = unzipSync(fs.readFileSync(zipPath));
  const [feed] = Object.values(entries);
  if (!feed) throw new Error(`${zipPath} holds no feed`);
  return new TextDecoder()
    .decode(feed)
    .split("\n")
    .filter((line) => line.trim() !== "");
}

/**
 * The feed as a jury's account gets it: ICPC Live recorded the public feed, whose verdicts from
 * the freeze on come only at the thaw; a jury's feed has each verdict as it is given. Each
 * judgement event moves to just after its submission's (tokens kept).
 */
export function juryOrder(recorded: string[]): string[] {
  const judgementsOf = new Map<string, string[]>();
  for (const line of recorded) {
    const event = JSON.parse(line) as { type: string; data: { submission_id?: string } | null };
    const submission = event.type === "judgements" ? event.data?.submission_id : undefined;
    if (submission) judgementsOf.set(submission, [...(judgementsOf.get(submission) ?? []), line]);
  }
  return recorded.flatMap((line) => {
    const event = JSON.parse(line) as { type: string; id?: string; data: { submission_id?: string } | null };
    if (event.type === "judgements" && event.data?.submission_id) return [];
    return event.type === "submissions" ? [line, ...(judgementsOf.get(String(event.id)) ?? [])] : [line];
  });
}

export async function startStandInJudge(args: {
  lines: string[];
  contestId: string;
  user: string;
  password: string;
}): Promise<StandInJudge> {
  const { lines, contestId } = args;
  const expected = `Basic ${Buffer.from(`${args.user}:${args.password}`).toString("base64")}`;
  let available = 0;
  const open = new Set<{ res: http.ServerResponse; sent: number }>();
  const sockets = new Set<Socket>();
  const feedRequests: StandInJudge["feedRequests"] = [];
  const tokenOf = (line: string) => (JSON.parse(line) as { token?: string }).token ?? null;

  const flush = () => {
    for (const connection of open) {
      const next = lines.slice(connection.sent, available);
      if (next.length === 0) continue;
      connection.res.write(`${next.join("\n")}\n`);
      connection.sent = available;
    }
  };

  const latestState = () => {
    let state: unknown = {};
    for (const line of lines.slice(0, available)) {
      const event = JSON.parse(line) as { type: string; data: unknown };
      if (event.type === "state") state = event.data;
    }
    return state;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://judge.test");
    const authorized = req.headers.authorization === expected;
    const prefix = `/api/v4/contests/${contestId}`;
    if (url.pathname === `${prefix}/event-feed`) {
      const sinceToken = url.searchParams.get("since_token");
      feedRequests.push({ sinceToken, authorized });
      if (!authorized) {
        res.writeHead(401, { "Content-Type": "application/json" }).end('{"message":"Unauthorized"}');
        return;
      }
      let start = 0;
      if (sinceToken !== null) {
        const index = lines.findIndex((line) => tokenOf(line) === sinceToken);
        if (index === -1) {
          res.writeHead(400, { "Content-Type": "application/json" }).end('{"message":"Unknown since_token"}');
          return;
        }
        start = index + 1;
      }
      res.writeHead(200, { "Content-Type": "application/x-ndjson" });
      res.flushHeaders();
      const connection = { res, sent: start };
      open.add(connection);
      res.on("close", () => open.delete(connection));
      flush();
      return;
    }
    if (!authorized) {
      res.writeHead(401).end();
      return;
    }
    if (url.pathname === `${prefix}/state`) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(latestState()));
      return;
    }
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"message":"Not found"}');
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/v4`,
    contestId,
    lines,
    release(count) {
      available = Math.min(lines.length, Math.max(available, count));
      flush();
    },
    released: () => available,
    dropConnections() {
      for (const connection of open) connection.res.socket?.destroy();
      open.clear();
    },
    feedRequests,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
