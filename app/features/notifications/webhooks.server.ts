import { createHash } from "node:crypto";
import { arrayOverlaps, asc, eq } from "drizzle-orm";
import { UUID_PATTERN } from "~/core/ids";
import type { Database } from "~/db/client.server";
import { webhooks } from "~/db/schema";
import type { FieldErrors } from "~/lib/field-errors";
import type { JobQueue } from "~/lib/job-queue.server";
import { isPrivateHost } from "~/lib/network-address.server";
import { PrivateAddressRefused, postJson } from "~/lib/outbound-post.server";
import { seal, unseal } from "~/lib/signed-token.server";
import { WEBHOOK_PRIVATE_ADDRESS, type WebhookInput, type WebhookSummary } from "./webhooks";

/** The queue whose jobs each post one publication to one webhook. */
export const POST_WEBHOOK_JOB = "post-webhook";

/** A chat service that doesn't answer in this time counts as failed (and the post is retried). */
const POST_TIMEOUT_MS = 10_000;

export interface WebhookMessage {
  /** "New notice", "New event: Seminar" */
  kicker: string;
  title: string;
  summary: string;
  url: string;
}

export async function createWebhook(db: Database, secret: string, input: WebhookInput): Promise<string> {
  const sealedSecret = seal(input.kind === "telegram" ? input.botToken : input.url, secret);
  const [row] = await db
    .insert(webhooks)
    .values({
      name: input.name,
      kind: input.kind,
      topics: input.topics,
      sealedSecret,
      chatId: input.kind === "telegram" ? input.chatId : null,
    })
    .returning({ id: webhooks.id });
  if (!row) throw new Error("The webhook was not saved");
  return row.id;
}

export async function listWebhooks(db: Database): Promise<WebhookSummary[]> {
  return db
    .select({
      id: webhooks.id,
      name: webhooks.name,
      kind: webhooks.kind,
      chatId: webhooks.chatId,
      topics: webhooks.topics,
    })
    .from(webhooks)
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function removeWebhook(db: Database, id: string): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  const removed = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return removed.length > 0;
}

/** A UUID made from a name: the same post to the same webhook always makes the same job id. */
function stableUuid(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Queues one post of `message` to every webhook following `topic`. Each job's id is made from
 * `key` and the webhook, so queueing the same post again (another run, a restart) posts nothing twice.
 */
export async function postToTopicWebhooks(
  args: { db: Database; jobs: Pick<JobQueue, "insert"> },
  topic: string,
  message: WebhookMessage,
  key: string,
): Promise<number> {
  const hooks = await webhooksFor(args.db, topic);
  await args.jobs.insert(
    POST_WEBHOOK_JOB,
    hooks.map((hook) => ({ id: stableUuid(`${key}:${hook.id}`), data: { webhookId: hook.id, message } })),
  );
  return hooks.length;
}

function webhooksFor(db: Database, topic: string) {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(arrayOverlaps(webhooks.topics, [topic]));
}

/**
 * Posts one message: Discord's `content`, Slack's `text` (Mattermost and Rocket.Chat read the
 * same), or Telegram's sendMessage. A webhook removed meanwhile is skipped; any answer but a
 * 2xx (a redirect included: none is followed) throws, so the job is retried and finally shows
 * as failed, with the answer's status alone.
 */
export async function postToWebhook(
  db: Database,
  args: {
    webhookId: string;
    message: WebhookMessage;
    secret: string;
    telegramApiUrl: string;
    /** Posting to loopback and private addresses is allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
    allowPrivateNetworks: boolean;
  },
): Promise<void> {
  const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, args.webhookId));
  if (!hook) return;
  const target = unseal(hook.sealedSecret, args.secret);
  const { message } = args;
  const request =
    hook.kind === "telegram"
      ? {
          url: `${args.telegramApiUrl.replace(/\/$/, "")}/bot${target}/sendMessage`,
          body: { chat_id: hook.chatId, text: plainMessage(message), link_preview_options: { is_disabled: false } },
        }
      : {
          url: target,
          body:
            hook.kind === "discord"
              ? { content: plainMessage(message), allowed_mentions: { parse: [] } }
              : {
                  text: `*${message.kicker}*: <${message.url}|${escapeSlack(message.title)}>\n${escapeSlack(message.summary)}`,
                },
        };
  // Telegram's address is the operator's setting; a chat's address is whatever an admin typed.
  const allowPrivateNetworks = hook.kind === "telegram" || args.allowPrivateNetworks;
  let status: number;
  try {
    status = await postJson(request.url, request.body, { timeoutMs: POST_TIMEOUT_MS, allowPrivateNetworks });
  } catch (error) {
    // The address holds the secret: the error names the webhook, never its URL or what it resolved to.
    if (error instanceof PrivateAddressRefused) {
      throw new Error(`${hook.name} (${hook.kind}): not posted, its address is on a private or local network`);
    }
    throw new Error(`${hook.name} (${hook.kind}) could not be reached (${networkErrorCode(error)})`);
  }
  // The answer's body is never shown: the server behind the address chose it.
  if (status < 200 || status > 299) throw new Error(`${hook.name} (${hook.kind}) answered ${status}`);
}

function networkErrorCode(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "timeout";
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z_]+$/.test(code) ? code : "network error";
}

/**
 * Why a webhook's address may not be saved, as a field error; none for Telegram, whose
 * address is the operator's. A name is checked again, resolved, each time it is posted to.
 */
export function webhookAddressErrors(
  input: WebhookInput,
  options: { allowPrivateNetworks: boolean },
): FieldErrors | undefined {
  if (input.kind === "telegram" || options.allowPrivateNetworks) return undefined;
  if (!isPrivateHost(new URL(input.url).hostname)) return undefined;
  return { url: WEBHOOK_PRIVATE_ADDRESS };
}

function plainMessage(message: WebhookMessage): string {
  return `${message.kicker}: ${message.title}\n${message.summary}\n${message.url}`;
}

/** Slack's mrkdwn treats these three as markup. */
function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
