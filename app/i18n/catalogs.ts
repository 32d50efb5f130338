import type accounts from "./catalogs/en/accounts.json";
import type common from "./catalogs/en/common.json";
import type dashboard from "./catalogs/en/dashboard.json";
import type mail from "./catalogs/en/mail.json";
import type messages from "./catalogs/en/messages.json";
import type people from "./catalogs/en/people.json";
import type publicPages from "./catalogs/en/public.json";
import type tools from "./catalogs/en/tools.json";

/**
 * The message catalogs, one pair of files per area of the interface (catalogs/en/<area>.json
 * and catalogs/bn/<area>.json), each key starting with its area's name. Messages are ICU
 * MessageFormat: `{count, plural, one {# event} other {# events}}`, `{name}`, and `<0>…</0>`
 * around the words a component wraps (a link).
 */
export const CATALOG_AREAS = [
  "common",
  "public",
  "people",
  "accounts",
  "dashboard",
  "tools",
  "mail",
  "messages",
] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];

/** Rendered on the server only (mails): browsers never download these. */
export const SERVER_ONLY_AREAS: readonly CatalogArea[] = ["mail"];

/** Every message's key; English is the source, so a key missing there fails the type check. */
export type MessageKey =
  | keyof typeof common
  | keyof typeof publicPages
  | keyof typeof people
  | keyof typeof accounts
  | keyof typeof dashboard
  | keyof typeof tools
  | keyof typeof mail
  | keyof typeof messages;

export type MessageValues = Record<string, string | number | Date | null | undefined>;
