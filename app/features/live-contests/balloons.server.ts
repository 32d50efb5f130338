import type { Database } from "~/db/client.server";
import { postToTopicWebhooks, type WebhookMessage } from "~/features/notifications/webhooks.server";
import { translatorOf } from "~/i18n/translate.server";
import type { JobQueue } from "~/lib/job-queue.server";
import { type Balloon, contestClock, livePagePath } from "./live-contests";

/**
 * "Team X solved A first, 0:23": a first solve posted to the webhooks that follow results (in
 * English, as every chat post), one job per webhook, its id made from the contest, problem and
 * webhook so the same balloon is never posted twice.
 */
export async function postFirstSolve(
  args: { db: Database; jobs: Pick<JobQueue, "insert">; baseUrl: string },
  contest: { id: string; slug: string; name: string },
  balloon: Balloon,
): Promise<void> {
  const { t } = translatorOf("en");
  const message: WebhookMessage = {
    kicker: t("people.live.balloonKicker"),
    title: t("people.live.balloon", { team: balloon.team, label: balloon.label, time: contestClock(balloon.minutes) }),
    summary: contest.name,
    url: new URL(livePagePath(contest.slug), args.baseUrl).href,
  };
  await postToTopicWebhooks(args, "results", message, `balloon:${contest.id}:${balloon.problemId}`);
}
