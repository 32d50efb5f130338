import { standingsText } from "~/features/standings/standings";
import {
  applyEvent,
  type ContestState,
  emptyContestState,
  type FeedEvent,
  parseEventFeed,
  stateOfFeed,
} from "./clics-event-feed";
import { parseJsonText } from "./json-file";
import { STANDINGS_MAX_INFLATED_BYTES, StandingsLimitError } from "./standings-limits";

/**
 * An event feed read as it inflates: each NDJSON line is parsed and applied to the contest's
 * state at once, so neither the feed's text nor its events are ever held whole (a World Finals
 * feed with every run is tens of MB). A feed written as one JSON array can't be read so: it is
 * kept as text, within the package's inflated limit, and parsed whole at the end.
 */

/** The longest line of a feed: one event, a team or a contest's description with its links. */
export const FEED_MAX_LINE_LENGTH = 1024 * 1024;

const isEvent = (value: unknown): value is FeedEvent =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { type?: unknown }).type === "string" &&
  "data" in value;

export class EventFeedReader {
  private readonly state: ContestState = emptyContestState();
  private readonly unreadableLines: number[] = [];
  private readonly decoder = new TextDecoder();
  private pending = "";
  private line = 0;
  /** The text of a feed written as one JSON array; null until the feed's first character says so. */
  private arrayText: string[] | null = null;
  private arrayLength = 0;
  private started = false;

  constructor(private readonly file: string) {}

  /** The feed's next inflated bytes; `final` with its last ones. */
  push(chunk: Uint8Array, final: boolean): void {
    const text = this.decoder.decode(chunk, { stream: !final });
    if (this.arrayText) {
      this.keep(text);
      return;
    }
    const lines = (this.pending + text).split("\n");
    this.pending = final ? "" : (lines.pop() ?? "");
    if (this.pending.length > FEED_MAX_LINE_LENGTH) {
      throw new StandingsLimitError(
        "lineLength",
        standingsText("tools.standings.where.inFile", {
          file: this.file,
          place: standingsText("tools.standings.where.line", { line: this.line + 1 }),
        }),
      );
    }
    for (const line of lines) {
      if (this.arrayText) this.keep(`${line}\n`);
      else this.take(line);
    }
    if (this.arrayText && this.pending) {
      this.keep(this.pending);
      this.pending = "";
    }
  }

  /** The contest's state after the whole feed, and the lines that were not events. */
  result(): { state: ContestState; unreadableLines: number[] } {
    if (!this.arrayText) return { state: this.state, unreadableLines: this.unreadableLines };
    const text = this.arrayText.join("");
    let read: ReturnType<typeof parseEventFeed>;
    try {
      read = parseEventFeed(text);
    } catch (error) {
      // The array is not JSON: the file's own error, naming where.
      parseJsonText(text, this.file);
      throw error;
    }
    return { state: stateOfFeed(read.events), unreadableLines: read.unreadableLines };
  }

  private take(line: string): void {
    this.line++;
    const trimmed = (this.started ? line : line.replace(/^\uFEFF/, "")).trim();
    if (trimmed === "") return;
    if (!this.started && trimmed.startsWith("[")) {
      this.arrayText = [];
      this.keep(`${line}\n`);
      return;
    }
    this.started = true;
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isEvent(parsed)) applyEvent(this.state, parsed);
      else this.unreadableLines.push(this.line);
    } catch {
      this.unreadableLines.push(this.line);
    }
  }

  private keep(text: string): void {
    this.arrayLength += text.length;
    if (this.arrayLength > STANDINGS_MAX_INFLATED_BYTES) throw new StandingsLimitError("inflated");
    this.arrayText?.push(text);
  }
}
