import { CodeforcesFetchError } from "~/features/standings/importers/codeforces";
import { type ImportWarning, StandingsFormatError } from "~/features/standings/standings";
import { inEnglish, sayWarning } from "~/features/standings/standings-text.server";
import { translatorOf } from "~/i18n/translate.server";

/**
 * The importers word what they find as catalog messages: these say them in English, as the API
 * and an English reader of the dashboard read them.
 */

/** The refusal of a file: its message with the place first ("line 3: …"), and the place. */
export function englishRefusal(parse: () => unknown): { message: string; where?: string } {
  try {
    parse();
  } catch (error) {
    if (!(error instanceof StandingsFormatError)) throw error;
    return { message: inEnglish(error.placed), where: error.where === undefined ? undefined : inEnglish(error.where) };
  }
  throw new Error("the file was accepted");
}

export const englishWarnings = (warnings: readonly ImportWarning[]) =>
  warnings.map((warning) => sayWarning(translatorOf("en"), warning));

/** Why fetching from Codeforces failed. */
export async function englishFetchFailure(fetching: Promise<unknown>): Promise<string> {
  try {
    await fetching;
  } catch (error) {
    if (error instanceof CodeforcesFetchError) return inEnglish(error.text);
    throw error;
  }
  throw new Error("the fetch succeeded");
}
