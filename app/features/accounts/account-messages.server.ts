import { DOMAIN_REFUSED_ERROR } from "~/features/accounts/auth-settings.server";
import { PASSWORD_PROBLEMS } from "~/features/accounts/password-policy.server";
import type { MessageKey } from "~/i18n/catalogs";
import { type ServerTranslate, translatorOf } from "~/i18n/translate.server";

const english = translatorOf("en").t;

/** Errors that come back from Google sign-in as `/login?error=code`. */
export function googleErrorText(t: ServerTranslate, code: string, allowedDomain?: string): string {
  switch (code) {
    case "account_not_linked":
      return t("accounts.google.accountNotLinked");
    case DOMAIN_REFUSED_ERROR:
      return allowedDomain
        ? t("accounts.google.domainOnly", { domain: allowedDomain })
        : t("accounts.google.domainNotAllowed");
    case "access_denied":
      return t("accounts.google.cancelled");
    default:
      return t("accounts.google.failed", { reason: code.replaceAll("_", " ") });
  }
}

/** better-auth's error codes (our password rules' among them) the account forms can meet, in the page's language. */
const AUTH_ERROR_KEYS: Record<string, MessageKey> = {
  ...PASSWORD_PROBLEMS,
  INVALID_EMAIL_OR_PASSWORD: "accounts.authError.invalidCredentials",
  INVALID_EMAIL: "accounts.authError.invalidEmail",
  INVALID_PASSWORD: "accounts.authError.invalidPassword",
  PASSWORD_TOO_SHORT: "accounts.authError.passwordTooShort",
  PASSWORD_TOO_LONG: "accounts.authError.passwordTooLong",
  USER_ALREADY_EXISTS: "accounts.authError.userExists",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "accounts.authError.userExistsUseAnother",
  EMAIL_NOT_VERIFIED: "accounts.authError.emailNotVerified",
};

/** Messages that come without a code: better-auth's rate limiter's. */
const ENGLISH_MESSAGE_KEYS = new Map<string, MessageKey>([
  [english("accounts.authError.tooManyRequests"), "accounts.authError.tooManyRequests"],
]);

/**
 * A failed better-auth call's message for a form: its code's text, or its English message
 * translated when it is one of ours; any other message (a name rule) as it came.
 */
export function authErrorText(t: ServerTranslate, body: { code?: unknown; message?: unknown }): string {
  const byCode = typeof body.code === "string" ? AUTH_ERROR_KEYS[body.code] : undefined;
  if (byCode) return t(byCode);
  const message = typeof body.message === "string" ? body.message : "";
  const byMessage = ENGLISH_MESSAGE_KEYS.get(message);
  if (byMessage) return t(byMessage);
  return message || t("accounts.authError.generic");
}

/** The rules a new password can break: their refusal belongs under the new password's field. */
const NEW_PASSWORD_RULES = new Set<MessageKey>([
  "accounts.authError.passwordTooShort",
  "accounts.authError.passwordTooLong",
  "accounts.password.common",
  "accounts.password.fewCharacters",
  "accounts.password.personal",
]);

/** Why better-auth refused a new password, in the page's language; undefined for any other failure. */
export function newPasswordProblem(t: ServerTranslate, body: { code?: unknown; message?: unknown }) {
  const key =
    (typeof body.code === "string" ? AUTH_ERROR_KEYS[body.code] : undefined) ??
    ENGLISH_MESSAGE_KEYS.get(typeof body.message === "string" ? body.message : "");
  return key && NEW_PASSWORD_RULES.has(key) ? t(key) : undefined;
}
