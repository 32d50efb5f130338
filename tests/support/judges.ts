import fs from "node:fs";
import http from "node:http";
import path from "node:path";

/**
 * A stand-in for Codeforces' API, AtCoder's site and the AtCoder Problems API, answering with
 * recorded real answers (tests/fixtures/practice/real, SOURCES.md says where each came from).
 * It keeps every call it got, with its time, and can be told to refuse (429), be busy (503)
 * or hide a handle's newest submissions (then show them: an incremental read).
 */
export interface StandInJudges {
  codeforcesApiUrl: string;
  atcoderUrl: string;
  atcoderProblemsApiUrl: string;
  calls: { path: string; at: number }[];
  /** Every answer is this status until set back to undefined. */
  failWith?: 429 | 503;
  /** Codeforces' user.status leaves out this many of the handle's newest submissions. */
  hiddenNewest: Map<string, number>;
  /** AtCoder's contests page moves its upcoming contests' start times so the first starts then. */
  atcoderUpcomingFrom?: Date;
  /** Codeforces has published contest 1540's rating changes (until then it says they are unavailable). */
  ratingChangesOut: boolean;
  close(): Promise<void>;
}

const REAL = path.resolve("tests/fixtures/practice/real");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(REAL, file), "utf8"));
/** The handles the recordings are of (Codeforces), and the AtCoder handle the history is given for. */
export const CODEFORCES_HANDLES = ["unbit", "Clash"] as const;
export const ATCODER_HANDLE = "recorded_user";

function codeforcesFile(kind: string, handle: string) {
  const known = CODEFORCES_HANDLES.find((candidate) => candidate.toLowerCase() === handle.toLowerCase());
  return known ? read(`codeforces/${kind}.${known}.json`) : undefined;
}

/** The contest whose recorded `contest.ratingChanges` answer is served (Codeforces Round #728, Div. 1). */
export const RECORDED_RATING_CHANGES_CONTEST = 1540;

/** The `<time>` texts of AtCoder's recorded contests page ("2023-02-04 21:00:00+0900"). */
const ATCODER_TIME = /(<time[^>]*>)(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\+0900(<\/time>)/g;

/**
 * AtCoder's recorded contests page; with `from`, its contests' start times move (their gaps kept)
 * so that the first starts then, as AtCoder writes them (Japan's time, +0900).
 */
function atcoderContestsPage(from: Date | undefined): string {
  const page = fs.readFileSync(path.join(REAL, "atcoder/contests.html"), "utf8");
  if (!from) return page;
  const japan = (text: string) => Date.parse(`${text.replace(" ", "T")}+09:00`);
  const first = [...page.matchAll(ATCODER_TIME)][0]?.[2];
  if (!first) return page;
  const shift = from.getTime() - japan(first);
  return page.replace(ATCODER_TIME, (_all, open: string, text: string, close: string) => {
    const moved = new Date(japan(text) + shift + 9 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    return `${open}${moved}+0900${close}`;
  });
}

const notFound = (field: string, handle: string) => ({
  status: 400,
  body: { status: "FAILED", comment: `${field}: User with handle ${handle} not found` },
});

export async function startStandInJudges(): Promise<StandInJudges> {
  const judges: StandInJudges = {
    codeforcesApiUrl: "",
    atcoderUrl: "",
    atcoderProblemsApiUrl: "",
    calls: [],
    hiddenNewest: new Map(),
    ratingChangesOut: false,
    close: async () => {},
  };
  const answer = (url: URL): { status: number; body: unknown } => {
    const query = url.searchParams;
    switch (url.pathname) {
      case "/api/user.info": {
        const handles = (query.get("handles") ?? "").split(";").filter(Boolean);
        const users = [];
        for (const handle of handles) {
          const file = codeforcesFile("user.info", handle);
          if (!file) return notFound("handles", handle);
          users.push(...file.result);
        }
        return { status: 200, body: { status: "OK", result: users } };
      }
      case "/api/user.rating": {
        const handle = query.get("handle") ?? "";
        return codeforcesFile("user.rating", handle)
          ? { status: 200, body: codeforcesFile("user.rating", handle) }
          : notFound("handle", handle);
      }
      case "/api/user.status": {
        const handle = query.get("handle") ?? "";
        const file = codeforcesFile("user.status", handle);
        if (!file) return notFound("handle", handle);
        const from = Number(query.get("from") ?? 1);
        const count = Number(query.get("count") ?? 1e9);
        const visible = file.result.slice(judges.hiddenNewest.get(handle) ?? 0);
        return { status: 200, body: { status: "OK", result: visible.slice(from - 1, from - 1 + count) } };
      }
      case "/api/contest.list":
        return { status: 200, body: read("codeforces/contest.list.json") };
      case "/api/contest.ratingChanges": {
        const contestId = Number(query.get("contestId"));
        if (contestId === RECORDED_RATING_CHANGES_CONTEST) {
          return judges.ratingChangesOut
            ? { status: 200, body: read(`codeforces/contest.ratingChanges.${contestId}.json`) }
            : {
                status: 400,
                body: { status: "FAILED", comment: "contestId: Rating changes are unavailable for this contest" },
              };
        }
        const changes = CODEFORCES_HANDLES.flatMap((handle) =>
          read(`codeforces/user.rating.${handle}.json`).result.filter(
            (change: { contestId: number }) => change.contestId === contestId,
          ),
        );
        return { status: 200, body: { status: "OK", result: changes } };
      }
    }
    if (url.pathname === "/atcoder/contests/") {
      return { status: 200, body: atcoderContestsPage(judges.atcoderUpcomingFrom) };
    }
    const history = /^\/atcoder\/users\/([^/]+)\/history\/json$/.exec(url.pathname);
    if (history) {
      // AtCoder answers an unknown user's history with its 404 page.
      return decodeURIComponent(history[1] ?? "") === ATCODER_HANDLE
        ? { status: 200, body: read("atcoder/history.json") }
        : { status: 404, body: "<!DOCTYPE html><title>404 Not Found</title>" };
    }
    if (url.pathname === "/problems/v3/user/submissions") {
      const user = query.get("user");
      const fromSecond = Number(query.get("from_second") ?? 0);
      const submissions = user === ATCODER_HANDLE ? read("atcoder/submissions.json") : [];
      return {
        status: 200,
        body: submissions
          .filter((submission: { epoch_second: number }) => submission.epoch_second >= fromSecond)
          .sort((a: { epoch_second: number }, b: { epoch_second: number }) => a.epoch_second - b.epoch_second),
      };
    }
    return { status: 404, body: "not found" };
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    judges.calls.push({ path: `${url.pathname}${url.search}`, at: Date.now() });
    if (judges.failWith) {
      res.writeHead(judges.failWith, { "Content-Type": "text/plain" });
      res.end(judges.failWith === 429 ? "Too Many Requests" : "Service Unavailable");
      return;
    }
    const { status, body } = answer(url);
    res.writeHead(status, { "Content-Type": typeof body === "string" ? "text/html" : "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  judges.codeforcesApiUrl = `${base}/api`;
  judges.atcoderUrl = `${base}/atcoder`;
  judges.atcoderProblemsApiUrl = `${base}/problems`;
  judges.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return judges;
}
