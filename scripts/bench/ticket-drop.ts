import crypto from "node:crypto";
import fs from "node:fs";
import { asc, eq } from "drizzle-orm";
import { registrations } from "~/db/schema";
import { addEvent } from "../../tests/support/event-fixtures";
import { addSignedInCrowd, type SignedInAccount } from "../../tests/support/signed-in-crowd";
import { httpRequest } from "./http";
import { round } from "./load";
import type { BenchTarget } from "./target";

/**
 * A ticket drop: the whole department registers the minute registration opens. 1,000 accounts
 * (written straight to the database, each with a session: 1,000 scrypt sign-ups would take
 * minutes) register for an event of 300 places, their requests sent at an even pace over 10 s,
 * each on its own connection, after ten registrations for another event (a club's server has
 * been up a while when a drop starts: its code loaded and compiled). Then, from the database:
 * exactly 300 confirmed, 700 on the waitlist, the places going to the first 300 the server
 * accepted (its `arrival` sequence, taken under the event's lock) and each waitlisted person
 * told the position the list gives them.
 * For comparison, pretix documents 300-400 tickets a minute per event as its expected ceiling.
 */
export const TICKET_DROP = { people: 1_000, places: 300, seconds: 10 };

export interface TicketDropRow {
  people: number;
  places: number;
  seconds: number;
  confirmed: number;
  waitlisted: number;
  /** Places given past a waitlisted person who arrived earlier, plus positions told that the list contradicts. */
  outOfOrder: number;
  serverErrors: number;
  otherRefusals: number;
  /** Answers by status, "201: 1000". */
  statuses: string;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Registrations the server accepted per second, from the first request sent to the last answer. */
  registrationsPerSecond: number;
  /**
   * The app process's CPU time per registration (its mail's job included): what the drop costs
   * whatever else the machine is doing. One process on PGlite runs everything on one core.
   */
  cpuMsPerRegistration: number;
}

/** Linux: a process's user + system CPU time so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Answer {
  status: number;
  ms: number;
  registrationId?: string;
  position?: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** Registrations for another event before the drop: a club's server has been up for a while when one starts. */
const WARM_UP_REGISTRATIONS = 10;

async function prepare(target: BenchTarget, secret: string) {
  return target.withDatabase(async (db) => {
    const addContest = (name: string, capacity: number) =>
      addEvent(db, { eventType: "Programming Contest", name, capacity: String(capacity) });
    const tag = crypto.randomBytes(3).toString("hex");
    const event = await addContest(`Ticket drop ${tag}`, TICKET_DROP.places);
    const warmUpEvent = await addContest(`Warm-up ${tag}`, WARM_UP_REGISTRATIONS);
    const crowd = await addSignedInCrowd(db, { count: TICKET_DROP.people, secret, prefix: `drop-${tag}` });
    const early = await addSignedInCrowd(db, { count: WARM_UP_REGISTRATIONS, secret, prefix: `early-${tag}` });
    return { eventId: event._id, crowd, warmUp: { eventId: warmUpEvent._id, crowd: early } };
  });
}

/** One registration, its answer and how long it took. */
async function registerOne(baseUrl: string, eventId: string, person: SignedInAccount): Promise<Answer> {
  const sent = performance.now();
  try {
    const response = await httpRequest(`${baseUrl}/api/events/${eventId}/registrations`, {
      method: "POST",
      headers: { Cookie: person.cookie, "Content-Type": "application/json", Origin: baseUrl },
      body: "{}",
    });
    const ms = performance.now() - sent;
    if (response.status !== 201) {
      if (!firstFailure) firstFailure = `${response.status} ${response.text().slice(0, 300)}`;
      return { status: response.status, ms };
    }
    const { registrationId, position } = JSON.parse(response.text()) as { registrationId: string; position?: number };
    return { status: response.status, ms, registrationId, position };
  } catch {
    return { status: 599, ms: performance.now() - sent };
  }
}

/** The first answer other than 201, printed to say what went wrong. */
let firstFailure = "";

/** Sends one registration per person, evenly spread over the drop's seconds, without waiting for answers. */
async function drop(baseUrl: string, eventId: string, crowd: SignedInAccount[]): Promise<Answer[]> {
  const spacingMs = (TICKET_DROP.seconds * 1000) / crowd.length;
  const started = performance.now();
  return Promise.all(
    crowd.map(async (person, index) => {
      const due = started + index * spacingMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      return registerOne(baseUrl, eventId, person);
    }),
  );
}

export async function measureTicketDrop(target: BenchTarget, env: Record<string, string>): Promise<TicketDropRow> {
  const secret = crypto.randomBytes(32).toString("hex");
  const { eventId, crowd, warmUp } = await prepare(target, secret);
  const server = await target.start({ ...env, BETTER_AUTH_SECRET: secret });
  for (const person of warmUp.crowd) await registerOne(server.baseUrl, warmUp.eventId, person);
  const started = performance.now();
  const pid = Number(server.process.pid);
  const cpuBefore = cpuMs(pid);
  let answers: Answer[];
  let cpuDuring: number;
  try {
    answers = await drop(server.baseUrl, eventId, crowd);
    // The mails' jobs run on after the last answer: until the process is idle again.
    cpuDuring = await cpuUntilIdle(pid, cpuBefore);
  } finally {
    await server.stop();
  }
  const elapsedS = (performance.now() - started) / 1000;
  if (firstFailure) console.log(`ticket drop: the first refusal was ${firstFailure}`);
  const rows = await target.withDatabase((db) =>
    db
      .select({ id: registrations.id, status: registrations.status })
      .from(registrations)
      .where(eq(registrations.eventId, eventId))
      .orderBy(asc(registrations.arrival)),
  );
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const accepted = answers.filter((answer) => answer.status === 201);
  return {
    ...TICKET_DROP,
    confirmed: rows.filter((row) => row.status === "confirmed").length,
    waitlisted: rows.filter((row) => row.status === "waitlisted").length,
    outOfOrder: outOfOrder(rows, accepted),
    serverErrors: answers.filter((answer) => answer.status >= 500).length,
    otherRefusals: answers.filter((answer) => answer.status !== 201 && answer.status < 500).length,
    statuses: statusCounts(answers),
    latencyP50Ms: round(percentile(latencies, 0.5)),
    latencyP99Ms: round(percentile(latencies, 0.99)),
    latencyMaxMs: round(latencies.at(-1) ?? 0),
    registrationsPerSecond: round(accepted.length / elapsedS),
    cpuMsPerRegistration: round(cpuDuring / Math.max(1, accepted.length)),
  };
}

/**
 * In the order the server accepted them, every confirmed registration comes before every
 * waitlisted one, and the n-th waitlisted was told position n.
 */
function outOfOrder(rows: { id: string; status: string }[], accepted: Answer[]): number {
  const toldPosition = new Map(accepted.map((answer) => [answer.registrationId, answer.position]));
  let misplaced = 0;
  let waitlisted = 0;
  for (const row of rows) {
    if (row.status === "waitlisted") {
      waitlisted++;
      if (toldPosition.get(row.id) !== waitlisted) misplaced++;
    } else if (row.status === "confirmed" && waitlisted > 0) {
      misplaced++;
    }
  }
  return misplaced;
}

function statusCounts(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
}

/** CPU time used since `before`, read once a second until a second passes with almost none (the mail jobs done). */
async function cpuUntilIdle(pid: number, before: number): Promise<number> {
  let last = cpuMs(pid);
  for (let waited = 0; waited < 120; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    if (now - last < 50) return last - before;
    last = now;
  }
  return last - before;
}
