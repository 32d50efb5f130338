import { z } from "zod";
import { eventCategories } from "~/content/events";
import { fieldMessage } from "~/core/fields";
import type { MessageKey, MessageValues } from "~/i18n/catalogs";
import { schemaMessage } from "~/i18n/message";

/**
 * What one can subscribe to: notices, contest results, events of each type, and reminders an
 * hour before Codeforces' and AtCoder's contests.
 */
export const SUBSCRIPTION_TOPICS = [
  { key: "notices" },
  ...eventCategories.map((category) => ({ key: `events:${category.eventType}` })),
  { key: "results" },
  { key: "contest-reminders" },
] as const;

export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPICS)[number]["key"];

const TOPIC_KEYS = SUBSCRIPTION_TOPICS.map((topic) => topic.key) as [SubscriptionTopic, ...SubscriptionTopic[]];

export const FREQUENCIES = [
  { key: "immediately", labelKey: "accounts.subscription.immediately" },
  { key: "weekly", labelKey: "accounts.subscription.weekly" },
] as const satisfies readonly { key: string; labelKey: MessageKey }[];

/**
 * A topic in the reader's language, as the topic boxes and the webhooks screen name it; the
 * identifier ("events:Seminar") is what is stored and sent. One no longer offered shows as stored.
 */
export function topicLabel(t: (key: MessageKey, values?: MessageValues) => string, topic: string): string {
  if (topic === "notices") return t("accounts.subscription.topic.notices");
  if (topic === "results") return t("accounts.subscription.topic.results");
  if (topic === "contest-reminders") return t("accounts.subscription.topic.contestReminders");
  const category = eventCategories.find((candidate) => topic === `events:${candidate.eventType}`);
  return category ? t("accounts.subscription.topic.events", { category: t(category.labelKey) }) : topic;
}

/** Topics and how often: the preferences form, the dashboard's and the public subscribe form's. */
export const preferencesInput = z.object({
  topics: z
    .array(z.enum(TOPIC_KEYS, { error: schemaMessage("messages.subscriptions.topicsFromList") }), {
      error: schemaMessage("messages.subscriptions.topicsAtLeastOne"),
    })
    .min(1, schemaMessage("messages.subscriptions.topicsAtLeastOne"))
    .transform((topics) => [...new Set(topics)]),
  frequency: z.enum(["immediately", "weekly"], { error: schemaMessage("messages.subscriptions.frequency") }),
});

export const subscribeInput = preferencesInput.extend({
  email: z
    .string({ error: fieldMessage("messages.field.required", "messages.fields.email") })
    .trim()
    .min(1, fieldMessage("messages.field.required", "messages.fields.email"))
    .max(254, fieldMessage("messages.field.tooLongShort", "messages.fields.email"))
    .pipe(z.email({ error: schemaMessage("messages.subscriptions.email") })),
});

export type PreferencesInput = z.infer<typeof preferencesInput>;
export type SubscribeInput = z.infer<typeof subscribeInput>;
