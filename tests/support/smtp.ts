import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./server";

export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

/** What the server does with the next messages: take them, refuse them (451), or hold them unanswered. */
export type SmtpBehaviour = "accept" | "refuse" | "hold";

export interface TestSmtpServer {
  url: string;
  /** Messages the server answered 250 to (a held one counts once released while its sender still listens). */
  received: ReceivedMail[];
  /** Messages whose DATA arrived and are held unanswered. */
  held(): number;
  behave(behaviour: SmtpBehaviour): void;
  /** Answers the held messages: 250 to those whose client is still connected. */
  release(): void;
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  waitUntil(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const POLL_MS = 50;

/** A real SMTP server on a free port (no TLS, any login), recording what it accepts. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const waiting: { answer: () => void }[] = [];
  let behaviour: SmtpBehaviour = "accept";
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const accept = async () => {
          received.push({ to, raw, parsed: await simpleParser(raw) });
          callback();
        };
        if (behaviour === "refuse") {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
        } else if (behaviour === "hold") {
          // A client that dies while its message is held never hears 250: the message does not count.
          let closed = false;
          connections.get(session.id)?.push(() => {
            closed = true;
          });
          waiting.push({ answer: () => (closed ? undefined : void accept()) });
        } else {
          await accept();
        }
      });
    },
    onClose(session) {
      for (const closed of connections.get(session.id) ?? []) closed();
      connections.delete(session.id);
    },
    onConnect(session, callback) {
      connections.set(session.id, []);
      callback();
    },
  });
  const connections = new Map<string, (() => void)[]>();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const waitUntil = async (condition: () => boolean, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held: () => waiting.length,
    behave: (next) => {
      behaviour = next;
    },
    release: () => {
      for (const held of waiting.splice(0)) held.answer();
    },
    waitUntil,
    async waitFor(predicate, timeoutMs = 60_000) {
      const seen = () => received.map((mail) => `${mail.to.join(",")}: ${mail.parsed.subject}`).join("; ");
      await waitUntil(() => received.some(predicate), "a mail", timeoutMs).catch(() => {
        throw new Error(`The expected mail did not arrive; received: ${seen() || "none"}`);
      });
      return received.find(predicate) as ReceivedMail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
