import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { MessageKey, MessageValues } from "~/i18n/catalogs";
import { sourceCatalogs } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";

/**
 * Validation messages in the reader's language. The schemas keep their English texts: the API
 * answers with them as documented, and every caller that reads an issue keeps working. A form's
 * answer looks each text up in the English `messages` catalog instead: an exact text is its
 * key; a text with values ("Name must be at most 200 characters") matches its message's
 * pattern ("{field} must be at most {max} characters"), and the values it holds are looked up
 * in turn (the field's label under `messages.fields.*`, zod's names under `messages.terms.*`,
 * a nested message such as a settings line's). A text the catalog doesn't know stays as it is.
 */

interface Pattern {
  key: MessageKey;
  regex: RegExp;
  names: string[];
  /** How many fixed characters it has: the most specific pattern is tried first. */
  fixed: number;
}

/** Words that only ever stand inside another message (labels, zod's type names). */
const VOCABULARY = /^messages\.(fields|terms)\./;
const NUMBER = /^-?\d+(\.\d+)?$/;
const MOST_NESTED = 3;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function buildLookup() {
  const exact = new Map<string, MessageKey>();
  const vocabulary = new Map<string, MessageKey>();
  const patterns: Pattern[] = [];
  for (const [key, source] of Object.entries(sourceCatalogs.en.messages) as [MessageKey, string][]) {
    const compiled = compileMessage(source);
    if (typeof compiled === "string") {
      (VOCABULARY.test(key) ? vocabulary : exact).set(compiled, key);
      continue;
    }
    const names: string[] = [];
    let regex = "";
    let fixed = 0;
    let simple = true;
    for (const token of compiled) {
      if (typeof token === "string") {
        regex += escapeRegex(token);
        fixed += token.length;
        continue;
      }
      // A plural or select picks its words by the value: no English text maps back to one.
      const [name, format] = token as [string, string?];
      if (format && format !== "number") simple = false;
      names.push(name);
      regex += "(.+?)";
    }
    if (simple) patterns.push({ key, regex: new RegExp(`^${regex}$`, "s"), names, fixed });
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  return { exact, vocabulary, patterns };
}

let lookup: ReturnType<typeof buildLookup> | undefined;

/** One English message of a form in `locale`; unknown texts (and every text in English) come back unchanged. */
export function translateMessage(text: string, locale: Locale, depth = 0): string {
  if (locale === "en" || text === "") return text;
  lookup ??= buildLookup();
  const { t } = translatorOf(locale);
  const key = lookup.exact.get(text);
  if (key) return t(key);
  for (const pattern of lookup.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: MessageValues = {};
    pattern.names.forEach((name, index) => {
      values[name] = translateValue(match[index + 1] ?? "", locale, depth);
    });
    return t(pattern.key, values);
  }
  return text;
}

function translateValue(value: string, locale: Locale, depth: number): string | number {
  const word = lookup?.vocabulary.get(value);
  if (word) return translatorOf(locale).t(word);
  if (NUMBER.test(value)) return Number(value);
  return depth < MOST_NESTED ? translateMessage(value, locale, depth + 1) : value;
}

/** A form's field errors (`{ field: message }`) in `locale`. */
export function translateFieldErrors(errors: Record<string, string>, locale: Locale): Record<string, string> {
  if (locale === "en") return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, translateMessage(message, locale)]),
  );
}
