import type { MessageKey } from "./catalogs";

/**
 * A message as the domain says it: a catalog key and its values, a value possibly a message in
 * turn ("Line {line}: {problem}"). The edge words it (`sayMessage`): a page in the reader's
 * language, the API and the logs in English.
 */
export interface Message {
  key: MessageKey;
  values?: Record<string, MessageValue>;
}

export type MessageValue = string | number | Date | null | undefined | Message;

export const isMessage = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && !(value instanceof Date) && "key" in value;

export const messageOf = (key: MessageKey, values?: Record<string, MessageValue>): Message =>
  values ? { key, values } : { key };

/** A field's name inside a message ("{field} is required"): one of the `messages.fields.*` labels. */
export type FieldLabel = Extract<MessageKey, `messages.fields.${string}`>;

/**
 * A message as a zod schema states it (a type's or a check's `error`, a refinement's message):
 * zod keeps text there, so the descriptor goes as JSON, which `issueMessage` (app/lib/
 * field-errors.ts) reads back. Every schema message is one; zod's own texts are read by their code.
 */
export const schemaMessage = (key: MessageKey, values?: Record<string, MessageValue>): string =>
  JSON.stringify(messageOf(key, values));

/** The message `schemaMessage` wrote, or undefined for any other text. */
export function readSchemaMessage(text: string): Message | undefined {
  if (!text.startsWith('{"key":')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isMessage(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
