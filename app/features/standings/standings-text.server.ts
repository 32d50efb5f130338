import { sayMessage } from "~/i18n/message.server";
import { type Translator, translatorOf } from "~/i18n/translate.server";
import type { StandingsPlace, StandingsText, StandingsWarning } from "./standings";

/** A text of an import (a warning, a refusal, a place in the file) in the translator's language. */
export function sayStandings(translator: Translator, text: StandingsPlace): string {
  if (typeof text === "string") return text;
  if ("english" in text) return text.english;
  const values = Object.fromEntries(
    Object.entries(text.values ?? {}).map(([name, value]) => [
      name,
      value !== null && typeof value === "object" && !(value instanceof Date) ? sayStandings(translator, value) : value,
    ]),
  );
  return sayMessage({ key: text.key, values }, translator.locale);
}

/** A text of an import as the API and the logs say it. */
export const inEnglish = (text: StandingsPlace) => sayStandings(translatorOf("en"), text);

/** A saved warning in the translator's language; one saved in English before warnings were messages stays so. */
export function sayWarning(translator: Translator, warning: StandingsWarning): { message: string; where?: string } {
  if ("message" in warning) return warning;
  const message = sayStandings(translator, warning.text);
  return warning.where === undefined ? { message } : { message, where: sayStandings(translator, warning.where) };
}

/** A refused import (its message and each field's error) in the translator's language. */
export function sayRefusal(
  translator: Translator,
  { message, errors }: { message: StandingsText; errors: Record<string, StandingsText> },
) {
  const say = (text: StandingsText) => sayStandings(translator, text);
  return {
    message: say(message),
    errors: Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, say(text)])),
  };
}
