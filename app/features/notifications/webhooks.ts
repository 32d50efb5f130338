import { z } from "zod";
import { fieldMessage } from "~/core/fields";
import { type FieldLabel, messageOf, schemaMessage } from "~/i18n/message";
import { SUBSCRIPTION_TOPICS, type SubscriptionTopic } from "./subscriptions";

/** Where a webhook posts; the dashboard names each under `tools.webhooks.kindLabel.*`. */
export const WEBHOOK_KINDS = ["discord", "slack", "telegram"] as const;

export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

const TOPIC_KEYS = SUBSCRIPTION_TOPICS.map((topic) => topic.key) as [SubscriptionTopic, ...SubscriptionTopic[]];

const topics = z
  .array(z.enum(TOPIC_KEYS, { error: schemaMessage("messages.subscriptions.topicsFromList") }), {
    error: schemaMessage("messages.subscriptions.topicsAtLeastOne"),
  })
  .min(1, schemaMessage("messages.subscriptions.topicsAtLeastOne"));

const name = z
  .string({ error: fieldMessage("messages.field.required", "messages.fields.name") })
  .trim()
  .min(1, fieldMessage("messages.field.required", "messages.fields.name"))
  .max(100, fieldMessage("messages.field.tooLongShort", "messages.fields.name"));

const httpsUrl = (label: FieldLabel) =>
  z
    .string({ error: fieldMessage("messages.field.required", label) })
    .trim()
    .min(1, fieldMessage("messages.field.required", label))
    .pipe(z.url({ protocol: /^https?$/, error: fieldMessage("messages.field.httpAddress", label) }))
    // Userinfo in a URL is a classic way to disguise where it points (https://discord.com@10.0.0.1/).
    .refine(
      (url) => {
        const { username, password } = new URL(url);
        return !username && !password;
      },
      fieldMessage("messages.field.noCredentials", label),
    );

/** Refused when saved (a literal address or localhost) and when posted to (what the name resolves to). */
export const WEBHOOK_PRIVATE_ADDRESS = messageOf("messages.field.publicAddress", {
  field: messageOf("messages.fields.webhookUrl"),
});

/** The dashboard's add form: a chat's webhook address, or a Telegram bot's token and chat. */
export const webhookInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("discord"), name, topics, url: httpsUrl("messages.fields.webhookUrl") }),
    z.object({ kind: z.literal("slack"), name, topics, url: httpsUrl("messages.fields.webhookUrl") }),
    z.object({
      kind: z.literal("telegram"),
      name,
      topics,
      botToken: z
        .string({ error: fieldMessage("messages.field.required", "messages.fields.botToken") })
        .trim()
        .min(1, fieldMessage("messages.field.required", "messages.fields.botToken"))
        .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, schemaMessage("messages.webhooks.botToken")),
      chatId: z
        .string({ error: fieldMessage("messages.field.required", "messages.fields.chatId") })
        .trim()
        .min(1, fieldMessage("messages.field.required", "messages.fields.chatId"))
        .regex(/^(-?\d+|@[A-Za-z0-9_]{5,})$/, schemaMessage("messages.webhooks.chatId")),
    }),
  ],
  { error: schemaMessage("messages.webhooks.kind") },
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
