import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type {
  ConstructorOptions,
  Job,
  JobInsert,
  JobResult,
  PgBoss,
  QueueOptions,
  QueuePolicy,
  SendOptions,
} from "pg-boss";
import type { Logger } from "pino";

/**
 * A kind of background work: its queue's retry and expiry rules, and what one job does. A job
 * that throws is retried (with backoff) until `retryLimit`, then stays failed for an admin.
 */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Retries, expiry, heartbeat; `stately` queues hold one waiting and one running job at most. */
  queue: QueueOptions & { policy?: QueuePolicy };
  /** Jobs of this queue one process runs at once. */
  concurrency?: number;
  /**
   * Jobs a worker takes in one fetch and settles in one statement (each still runs, and fails,
   * on its own): for queues a crowd fills, where the queue's own statements would cost more
   * than the jobs.
   */
  batchSize?: number;
  /** A cron expression in `timeZone`: the queue also gets one job at each of these times. */
  schedule?: { cron: string; timeZone: string };
  /** One job; `queue` lets it queue more work. */
  run(data: Data, context: { queue: JobQueue; job: Job<Data> }): Promise<void>;
}

export interface FailedJob {
  queue: string;
  id: string;
  /** What the last attempt threw. */
  error: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
}

export interface JobQueue {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Many jobs at once; a job whose `id` is already queued is left as it is (re-sending is safe). */
  insert(name: string, jobs: JobInsert[]): Promise<void>;
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Puts a failed job back in its queue; false when it is not (or no longer) failed. */
  retry(queue: string, id: string): Promise<boolean>;
  stop(): Promise<void>;
}

export type JobQueueConnection = Pick<ConstructorOptions, "db" | "connectionString">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where pg-boss keeps its tables, beside the app's. */
const SCHEMA = "pgboss";

/**
 * Whether a job of this queue with this id exists, in any state (pg-boss keeps finished jobs for
 * days): for the app's own queries, since pg-boss's tables live in the app's database.
 */
export function hasJob(queue: string, id: SQLWrapper): SQL {
  return sql`exists (select 1 from ${sql.identifier(SCHEMA)}.job where name = ${queue} and id = ${id})`;
}

/**
 * Starts pg-boss on the app's database (an embedded one through its adapter, a server through a
 * small pool of its own) and a worker for every definition. Every process runs the same workers:
 * pg-boss hands each job to one of them (SKIP LOCKED), and a job whose process died stops
 * sending heartbeats and is retried by a living one.
 */
export async function startJobQueue(args: {
  connection: JobQueueConnection;
  definitions: readonly JobDefinition[];
  log: Logger;
  /** How often dead workers' jobs are looked for; tests make it short. */
  superviseIntervalSeconds?: number;
}): Promise<JobQueue> {
  const { PgBoss } = await import("pg-boss");
  const boss: PgBoss = new PgBoss({
    ...args.connection,
    schema: SCHEMA,
    max: 3,
    // The supervisor finds jobs whose process stopped beating; the monitor pass, which fails or
    // retries them, runs no more often than its own interval: both follow the setting.
    superviseIntervalSeconds: args.superviseIntervalSeconds ?? 30,
    monitorIntervalSeconds: args.superviseIntervalSeconds ?? 30,
    ...(args.connection.db ? { backend: "pglite" as const } : {}),
  });
  boss.on("error", (error) => args.log.error({ err: error }, "job queue error"));
  await boss.start();
  const names = new Set(args.definitions.map((definition) => definition.name));
  const queue: JobQueue = {
    send: (name, data, options) => boss.send(name, data, options ?? {}),
    insert: async (name, jobs) => {
      if (jobs.length > 0) await boss.insert(name, jobs);
    },
    listFailed: (limit) => listFailedJobs(boss, [...names], limit),
    retry: async (name, id) => {
      if (!names.has(name) || !UUID.test(id)) return false;
      // pg-boss's declared CommandResponse is empty; the object it answers counts the jobs moved.
      const result = (await boss.retry(name, id)) as { affected?: number };
      return (result.affected ?? 0) > 0;
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
  for (const definition of args.definitions) {
    await ensureQueue(boss, definition);
    await startWorker(boss, definition, queue);
    if (definition.schedule) {
      await boss.schedule(definition.name, definition.schedule.cron, {}, { tz: definition.schedule.timeZone });
    }
  }
  return queue;
}

// Each idle poll is a query on the database (the embedded one has a single connection): every 2 s.
const POLLING_SECONDS = 2;

async function startWorker(boss: PgBoss, definition: JobDefinition, queue: JobQueue) {
  const localConcurrency = definition.concurrency ?? 1;
  if (!definition.batchSize || definition.batchSize === 1) {
    await boss.work<object>(
      definition.name,
      { localConcurrency, pollingIntervalSeconds: POLLING_SECONDS },
      async ([job]) => {
        if (job) await definition.run(job.data, { queue, job });
      },
    );
    return;
  }
  await boss.work<object>(
    definition.name,
    { localConcurrency, pollingIntervalSeconds: POLLING_SECONDS, batchSize: definition.batchSize, perJobResults: true },
    async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await definition.run(job.data, { queue, job });
          results.push({ id: job.id, status: "completed" });
        } catch (error) {
          // Stored as a thrown error is: the failed-jobs screen reads its message.
          results.push({ id: job.id, status: "failed", output: error });
        }
      }
      return results;
    },
  );
}

/** Creates the queue, or brings its rules up to date with the definition. */
async function ensureQueue(boss: PgBoss, definition: JobDefinition) {
  const { policy, ...rules } = definition.queue;
  // A queue's policy is fixed when it is made; the rest follows the code.
  if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, rules);
  else await boss.createQueue(definition.name, { ...rules, policy });
}

async function listFailedJobs(boss: PgBoss, queues: string[], limit: number): Promise<FailedJob[]> {
  const db = boss.getDb();
  const { rows } = await db.executeSql(
    `select name, id, output, retry_count, created_on, completed_on
       from ${SCHEMA}.job
      where state = 'failed' and name = any($1::text[])
      order by completed_on desc nulls last, id
      limit $2`,
    [queues, limit],
  );
  return rows.map((row) => ({
    queue: row.name,
    id: row.id,
    error: failureMessage(row.output),
    attempts: Number(row.retry_count) + 1,
    createdAt: new Date(row.created_on),
    failedAt: row.completed_on ? new Date(row.completed_on) : null,
  }));
}

/** pg-boss keeps what a failed handler threw as the job's output (a serialised error). */
function failureMessage(output: unknown): string {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string") {
    return output.message;
  }
  return output ? JSON.stringify(output) : "No error was recorded (the process may have stopped mid-job).";
}
