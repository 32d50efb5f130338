import { PUBLISHING_CHOICES } from "../db/enums";
import type { MessageKey } from "../i18n/catalogs";
import type { Cell, FormFieldDef } from "./collection";

/**
 * When an item of notices, events, results or recent events reaches visitors: now, never until
 * an admin or editor says so (a draft), or at `publish_at` (the publisher job publishes it then).
 * Browser-safe and free of zod: the collection descriptions import it (their input schemas are
 * publishing-input.ts).
 */
export { PUBLISHING_CHOICES };

export type PublishingChoice = (typeof PUBLISHING_CHOICES)[number];

/**
 * The form's "Publishing" choice and its time, named as the API names them. The English labels
 * describe the field (the page shows `dashboard.<collection>.field.status` and its siblings).
 */
export function publishingFields(extraChoices: readonly string[] = [], extraLabels: Record<string, string> = {}) {
  const fields: FormFieldDef[] = [
    {
      name: "status",
      label: "Publishing",
      kind: "radio",
      options: [...PUBLISHING_CHOICES, ...extraChoices],
      optionLabels: { published: "Publish now", draft: "Save as draft", scheduled: "Schedule", ...extraLabels },
    },
    {
      name: "publish_at",
      label: "Publish at",
      kind: "datetime",
      hint: "For Schedule: a date and time on the club's clocks",
      enabledWhen: { field: "status", value: "scheduled" },
    },
  ];
  return fields;
}

/** What an admin's record says about publishing (`publish_at`: club-clock `YYYY-MM-DDTHH:MM`). */
export interface PublishingState {
  status?: string;
  publish_at?: string | null;
}

const badgeTones: Record<string, "neutral" | "info" | "success" | "danger"> = {
  published: "success",
  draft: "neutral",
  scheduled: "info",
  pending: "info",
  cancelled: "danger",
};

/** The Status badge without its words, which are the page's language's (publishing-status.ts). */
export function publishingCell(row: PublishingState): Omit<Extract<Cell, { kind: "badge" }>, "text"> {
  const status = row.status ?? "published";
  return { kind: "badge", tone: badgeTones[status] ?? "neutral" };
}

/** Drafts and scheduled items have a private preview; published ones have their public page. */
export function isUnpublished(status: string | undefined): boolean {
  return status === "draft" || status === "scheduled";
}

/** The edit form's link to the item's preview (a row screen, relative to /dashboard). */
export function previewScreen(collectionKey: string): { label: MessageKey; path(id: string): string } {
  return { label: "dashboard.screen.preview", path: (id: string) => `preview/${collectionKey}/${id}` };
}
