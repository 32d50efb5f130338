import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./server";

export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

/** What the server does with the next messages: take them, refuse them (451), or hold them at RCPT TO unanswered. */
export type SmtpBehaviour = "accept" | "refuse" | "hold";

export interface TestSmtpServer {
  url: string;
  /** Messages the server answered 250 to (a held one is sent on once released, if its sender still listens). */
  received: ReceivedMail[];
  /** Sends held at RCPT TO, unanswered. */
  held(): number;
  behave(behaviour: SmtpBehaviour): void;
  /** Lets the held sends go on (those whose client is still connected). */
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
        if (behaviour === "refuse") {
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        received.push({ to, raw, parsed: await simpleParser(raw) });
        callback();
      });
    },
    // Held at the recipient, before any of the message is sent: a client that dies while held
    // has sent nothing a server could deliver, as when a process is killed mid-send.
    onRcptTo(_address, session, callback) {
      if (behaviour !== "hold") return callback();
      let closed = false;
      connections.get(session.id)?.push(() => {
        closed = true;
      });
      waiting.push({ answer: () => (closed ? undefined : callback()) });
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
  // smtp-server re-emits a connection's errors on the server, and an 'error' nobody listens to
  // is an uncaught exception. A client killed mid-send (the durability tests kill -9 the app)
  // resets its connection: expected, so dropped; anything else is printed.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("test SMTP server:", error);
  });
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
