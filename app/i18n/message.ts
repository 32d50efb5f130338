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
