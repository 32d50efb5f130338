import type { MessageKey } from "~/i18n/catalogs";

/** Ranked by how often each leaked; the top 10,000 are what attackers try first. */
const COMMON_PASSWORD_COUNT = 10_000;
let commonPasswords: Promise<Set<string>> | undefined;

/** The list is loaded when a password is first set, not at start: most processes never need it. */
async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return (await commonPasswords).has(password.toLowerCase());
}

/** Fewer different characters than this (`aaaaaaaa`, `abcabcabc`) is guessed at once, however long. */
const MIN_DISTINCT_CHARACTERS = 4;

/** Our refusals of a password, by the error code better-auth answers with (forms word them by it). */
export const PASSWORD_PROBLEMS = {
  PASSWORD_TOO_FEW_CHARACTERS: "accounts.password.fewCharacters",
  PASSWORD_TOO_COMMON: "accounts.password.common",
  PASSWORD_PERSONAL: "accounts.password.personal",
} as const satisfies Record<string, MessageKey>;

export type PasswordProblem = keyof typeof PASSWORD_PROBLEMS;

/**
 * Why a new password is refused (its code), or null when it is fine. Length is better-auth's own check
 * (8 at least); this adds what it doesn't know: one character or a short pattern repeated,
 * leaked favourites and the person's own name.
 */
export async function passwordProblem(
  password: string,
  person: { email?: string; name?: string },
): Promise<PasswordProblem | null> {
  if (new Set(password).size < MIN_DISTINCT_CHARACTERS) return "PASSWORD_TOO_FEW_CHARACTERS";
  if (await isCommonPassword(password)) return "PASSWORD_TOO_COMMON";
  const lowered = password.trim().toLowerCase();
  const email = person.email?.trim().toLowerCase() ?? "";
  const personal = [email, email.split("@")[0] ?? "", person.name?.trim().toLowerCase() ?? ""];
  if (personal.some((value) => value !== "" && value === lowered)) return "PASSWORD_PERSONAL";
  return null;
}
