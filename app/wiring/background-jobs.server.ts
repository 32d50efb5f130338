import type { Logger } from "pino";
import { PRUNE_AUDIT_JOB, pruneAuditLog } from "~/core/audit.server";
import type { MailingContext } from "~/core/mail.server";
import { deliverMail, mailFrom, SEND_MAIL_JOB, SWEEP_MAILS_JOB, sweepUnqueuedMails } from "~/core/mail.server";
import { PUBLISH_SCHEDULED_JOB, publishDueItems } from "~/core/publishing.server";
import { readClubTimeZone, readSiteSettings } from "~/core/settings.server";
import type { DatabaseHandle } from "~/db/client.server";
import { EVENT_REMINDERS_JOB, sendEventReminders } from "~/features/events/event-reminders.server";
import { TOP_UP_SERIES_JOB, topUpAllSeries } from "~/features/events/series.server";
import { LAPSE_TEAMS_JOB, lapseOverdueTeams } from "~/features/events/team-invitation-mails.server";
import { postFirstSolve } from "~/features/live-contests/balloons.server";
import {
  FOLLOW_LIVE_CONTEST_JOB,
  followLiveContest,
  KICK_LIVE_CONTESTS_JOB,
  kickLiveContests,
} from "~/features/live-contests/follower.server";
import {
  REPLAY_LIVE_CONTEST_JOB,
  replayingLiveContestIds,
  replayLiveContest,
} from "~/features/live-contests/replay.server";
import {
  ANNOUNCE_JOB,
  announcePublications,
  announceSoon,
  sendWeeklyDigests,
  WEEKLY_DIGEST_JOB,
} from "~/features/notifications/announcements.server";
import { POST_WEBHOOK_JOB, postToWebhook, type WebhookMessage } from "~/features/notifications/webhooks.server";
import { CONTEST_REMINDERS_JOB, sendContestReminders } from "~/features/practice/contest-reminders.server";
import { practiceDigestSections, practiceWeek } from "~/features/practice/practice-digest.server";
import {
  SYNC_ATCODER_JOB,
  SYNC_CODEFORCES_JOB,
  type SyncSettings,
  syncAtcoder,
  syncCodeforces,
} from "~/features/practice/sync.server";
import type { Config } from "~/lib/config.server";
import { type JobDefinition, type JobQueue, startJobQueue } from "~/lib/job-queue.server";
import { createSmtpTransport, type MailTransport } from "~/lib/mail-transport.server";
import type { MediaStorage } from "~/lib/storage/index.server";
import type { VersionedCache } from "~/lib/versioned-cache.server";
import { COLLECT_MEDIA_JOB, runMediaCollector } from "./media-collector.server";

/** pg-boss's shortest: a process that stops beating this long has its job handed to another. */
const HEARTBEAT_SECONDS = 10;

export interface BackgroundJobs {
  jobs: JobQueue;
  stop(): Promise<void>;
}

/**
 * The site's background work, run by every app process: sending mail, posting to chats,
 * publishing scheduled items and then announcing them (every minute), announcing publications
 * (every minute, and at once when asked), the weekly digest (Monday
 * 09:00 in the club's time zone), reminding registered people of their events (every minute),
 * queueing mails a dead process wrote but never queued (every minute and at start), giving the
 * places of teams whose time is up to the waitlist (every minute), collecting unused uploads
 * (every minute), making recurring events' occurrences twelve weeks ahead (daily), reading
 * members' practice and the contest calendar from Codeforces and AtCoder (every 10 minutes) and
 * reminding of the judges' contests an hour before they start (every minute).
 */
export async function startBackgroundJobs(args: {
  database: DatabaseHandle;
  config: Config;
  log: Logger;
  secret: string;
  storage: MediaStorage;
  uploadTempDir: string;
  /** The settings cache the process's requests use: a send job reads the club's name from it. */
  settingsCache: VersionedCache;
}): Promise<BackgroundJobs> {
  const { database, config, log, secret, storage, uploadTempDir, settingsCache } = args;
  const db = database.db;
  const transport: MailTransport | undefined = config.SMTP_URL ? await createSmtpTransport(config.SMTP_URL) : undefined;
  const retried = {
    retryLimit: config.JOB_RETRY_LIMIT,
    retryDelay: config.JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
  const mailingContext = async (queue: JobQueue): Promise<MailingContext> => ({
    db,
    config,
    log,
    jobs: queue,
    secret,
    clubName: (await readSiteSettings({ db, settingsCache })).clubName,
  });
  const practiceSync: SyncSettings = {
    db,
    log,
    codeforcesApiUrl: config.CODEFORCES_API_URL,
    atcoderUrl: config.ATCODER_URL,
    atcoderProblemsApiUrl: config.ATCODER_PROBLEMS_API_URL,
    codeforcesSpacingMs: config.CODEFORCES_CALL_SECONDS * 1000,
    atcoderSpacingMs: config.ATCODER_CALL_SECONDS * 1000,
  };
  // The schedules' clocks are the club's when the process starts (the weekly digest's Monday 9:00):
  // a change of the setting reaches them at the next start. Each run reads the zone afresh.
  const clubClocks = await readClubTimeZone({ db, settingsCache });
  const timeZoneNow = () => readClubTimeZone({ db, settingsCache });
  // Aborts the long-running jobs (live contests' followers) when this process stops.
  const stopping = new AbortController();
  const definitions: JobDefinition[] = [
    {
      name: SEND_MAIL_JOB,
      queue: retried,
      concurrency: 2,
      // A registration crowd queues a mail each: fetched and settled ten at a time.
      batchSize: 10,
      run: async (data, { queue }) => {
        const { mailId } = data as { mailId: string };
        const from = mailFrom(config, (await readSiteSettings({ db, settingsCache })).clubName);
        await deliverMail({ db, config, log, jobs: queue, transport }, mailId, from);
      },
    },
    {
      name: POST_WEBHOOK_JOB,
      queue: retried,
      concurrency: 2,
      run: async (data) => {
        const { webhookId, message } = data as { webhookId: string; message: WebhookMessage };
        await postToWebhook(db, {
          webhookId,
          message,
          secret,
          telegramApiUrl: config.TELEGRAM_API_URL,
          allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
        });
      },
    },
    {
      name: ANNOUNCE_JOB,
      queue: { ...retried, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        await announcePublications(await mailingContext(queue));
      },
    },
    {
      name: PUBLISH_SCHEDULED_JOB,
      // A missed run is made up by the next: it publishes everything due by then.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        // Subscribers hear of an item when it is published, not when it was scheduled.
        if ((await publishDueItems(db)) > 0) await announceSoon({ jobs: queue, log });
      },
    },
    {
      name: WEEKLY_DIGEST_JOB,
      queue: { ...retried, policy: "stately" },
      schedule: { cron: "0 9 * * 1", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        const now = new Date();
        const week = practiceWeek(db, now);
        await sendWeeklyDigests(await mailingContext(queue), now, async (locale) =>
          practiceDigestSections(await week, locale, config.BASE_URL),
        );
      },
    },
    {
      name: EVENT_REMINDERS_JOB,
      // A missed run is made up by the next: every reminder still in its window is sent then.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        await sendEventReminders(await mailingContext(queue), new Date(), await timeZoneNow());
      },
    },
    {
      name: TOP_UP_SERIES_JOB,
      // A missed day is made up by the next: occurrences are made up to the horizon from any day.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "15 3 * * *", timeZone: clubClocks },
      run: async () => {
        await topUpAllSeries(db);
      },
    },
    {
      name: SWEEP_MAILS_JOB,
      // A missed run is made up by the next: it queues every mail still waiting.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (data, { queue }) => {
        const { settledSeconds } = data as { settledSeconds?: number };
        await sweepUnqueuedMails({ db, config, log, jobs: queue }, { settledSeconds });
      },
    },
    {
      name: LAPSE_TEAMS_JOB,
      // A missed run is made up by the next: every team overdue by then lapses.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        const hold = { now: new Date(), timeZone: await timeZoneNow(), hours: config.TEAM_CONFIRM_HOURS };
        await lapseOverdueTeams(await mailingContext(queue), hold);
      },
    },
    // Members' practice from the judges: one queue per judge, `stately`, so one process at a time
    // calls each judge; a run works for a few minutes at the judge's pace and the next goes on.
    // Missed runs are not made up: the next one reads the accounts read longest ago.
    {
      name: SYNC_CODEFORCES_JOB,
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "*/10 * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        await syncCodeforces({ ...practiceSync, jobs: queue });
      },
    },
    {
      name: SYNC_ATCODER_JOB,
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "5-59/10 * * * *", timeZone: clubClocks },
      run: async () => {
        await syncAtcoder(practiceSync);
      },
    },
    {
      name: CONTEST_REMINDERS_JOB,
      // A missed run is made up by the next: every contest starting within the hour is reminded of then.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        await sendContestReminders(await mailingContext(queue), new Date(), await timeZoneNow());
      },
    },
    {
      name: PRUNE_AUDIT_JOB,
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "30 3 * * *", timeZone: clubClocks },
      run: async () => {
        await pruneAuditLog(db, config.AUDIT_RETENTION_DAYS);
      },
    },
    {
      name: COLLECT_MEDIA_JOB,
      // Missed runs are not made up: the next one collects everything anyway.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: () => runMediaCollector({ db, storage, log, uploadTempDir }),
    },
    {
      name: FOLLOW_LIVE_CONTEST_JOB,
      // One queued and one running per contest (its id is the singleton key), in every process
      // together; it runs as long as the contest is followed. Errors are retried inside, with
      // backoff; a process that dies stops beating and the kick below queues the job again.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: 24 * 3600, policy: "stately" },
      concurrency: 4,
      run: async (data, { job, queue }) => {
        const { id } = data as { id: string };
        await followLiveContest(id, {
          db,
          secret,
          log,
          owner: job.id,
          signal: AbortSignal.any([job.signal, stopping.signal]),
          codeforcesSpacingMs: practiceSync.codeforcesSpacingMs,
          onFirstSolve: (balloon, contest) =>
            postFirstSolve({ db, jobs: queue, baseUrl: config.BASE_URL }, contest, balloon),
        });
      },
    },
    {
      name: REPLAY_LIVE_CONTEST_JOB,
      // As the follow job: one per contest across processes, as long as the replay lasts; a
      // replay cut by a restart is queued again by the kick and goes on from its position.
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: 24 * 3600, policy: "stately" },
      concurrency: 4,
      run: async (data, { job, queue }) => {
        const { id } = data as { id: string };
        await replayLiveContest(id, {
          db,
          log,
          owner: job.id,
          signal: AbortSignal.any([job.signal, stopping.signal]),
          onFirstSolve: (balloon, contest) =>
            postFirstSolve({ db, jobs: queue, baseUrl: config.BASE_URL }, contest, balloon),
        });
      },
    },
    {
      name: KICK_LIVE_CONTESTS_JOB,
      queue: { retryLimit: 0, heartbeatSeconds: HEARTBEAT_SECONDS, policy: "stately" },
      schedule: { cron: "* * * * *", timeZone: clubClocks },
      run: async (_data, { queue }) => {
        await kickLiveContests(db, queue);
        for (const id of await replayingLiveContestIds(db)) {
          await queue.send(REPLAY_LIVE_CONTEST_JOB, { id }, { singletonKey: id });
        }
      },
    },
  ];
  const jobs = await startJobQueue({
    connection: database.jobQueueConnection,
    definitions,
    log,
    superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS,
  });
  // Mails a process killed last time had written but not queued go out now, not at the next minute.
  await jobs.send(SWEEP_MAILS_JOB, { settledSeconds: 0 });
  // Contests followed when a process last stopped are followed again now, not at the next minute.
  await jobs.send(KICK_LIVE_CONTESTS_JOB, {});
  return {
    jobs,
    async stop() {
      stopping.abort();
      await jobs.stop();
      transport?.close();
    },
  };
}
