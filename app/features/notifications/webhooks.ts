import { z } from "zod";
import { SUBSCRIPTION_TOPICS, type SubscriptionTopic } from "./subscriptions";

/** Where a webhook posts; the dashboard names each under `tools.webhooks.kindLabel.*`. */
export const WEBHOOK_KINDS = ["discord", "slack", "telegram"] as const;

export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

const TOPIC_KEYS = SUBSCRIPTION_TOPICS.map((topic) => topic.key) as [SubscriptionTopic, ...SubscriptionTopic[]];

const topics = z
  .array(z.enum(TOPIC_KEYS, { error: "Topics: choose from the list" }), { error: "Topics: choose at least one" })
  .min(1, "Topics: choose at least one");

const name = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long");

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be an http(s) address` }))
    // Userinfo in a URL is a classic way to disguise where it points (https://discord.com@10.0.0.1/).
    .refine((url) => {
      const { username, password } = new URL(url);
      return !username && !password;
    }, `${label} must not hold a user name or password`);

/** Refused when saved (a literal address or localhost) and when posted to (what the name resolves to). */
export const WEBHOOK_PRIVATE_ADDRESS = "Webhook URL must be a public address, not one on a private or local network";

/** The dashboard's add form: a chat's webhook address, or a Telegram bot's token and chat. */
export const webhookInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("discord"), name, topics, url: httpsUrl("Webhook URL") }),
    z.object({ kind: z.literal("slack"), name, topics, url: httpsUrl("Webhook URL") }),
    z.object({
      kind: z.literal("telegram"),
      name,
      topics,
      botToken: z
        .string({ error: "Bot token is required" })
        .trim()
        .min(1, "Bot token is required")
        .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "Bot token must look like 123456:ABC… (from @BotFather)"),
      chatId: z
        .string({ error: "Chat ID is required" })
        .trim()
        .min(1, "Chat ID is required")
        .regex(/^(-?\d+|@[A-Za-z0-9_]{5,})$/, "Chat ID must be a number or a @channelname"),
    }),
  ],
  { error: "Kind: choose Discord, Slack-compatible or Telegram" },
);

export type WebhookInput = z.infer<typeof webhookInput>;

/** A webhook as the dashboard lists it: its secret is never shown again. */
export interface WebhookSummary {
  id: string;
  name: string;
  kind: WebhookKind;
  chatId: string | null;
  topics: string[];
}
