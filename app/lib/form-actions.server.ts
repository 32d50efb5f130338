import type { Logger } from "pino";
import { data } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/catalogs";
import type { Locale } from "~/i18n/locales";
import { sayFieldErrors } from "~/i18n/message.server";
import { preferencesOf } from "~/i18n/preferences";
import { type ServerTranslate, translatorOf } from "~/i18n/translate.server";
import { type FieldErrors, fieldErrors } from "./field-errors";
import { type ActionResult, BULK_MAX, type ConfirmQuestion, confirmStep } from "./form-actions";

/** The message of a 400 that names the wrong fields, on forms and in the API alike (`messages.form.invalid`). */
export const INVALID_INPUT_MESSAGE = "Please correct the marked fields.";

type Answer = ReturnType<typeof data<ActionResult>>;

/** The text values of these fields as typed (a file field's value is not text, so it is ""). */
/**
 * A form action's body. One that can't be read as a form (another content type, a broken
 * multipart body) is the sender's mistake: 400, never a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    const { t } = translatorOf(preferencesOf(request).locale);
    throw data({ message: t("messages.form.unreadable") }, { status: 400 });
  }
}

export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

export type ParsedForm<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; values: Record<string, string>; errors: FieldErrors; answer: Answer };

/** The answer to a form with wrong fields: 400, each named in the reader's language, what was typed kept. */
export function invalidForm(values: Record<string, string>, errors: FieldErrors, locale: Locale): Answer {
  const { t } = translatorOf(locale);
  return data<ActionResult>(
    { tone: "error", message: t("messages.form.invalid"), errors: sayFieldErrors(errors, locale), values },
    400,
  );
}

/**
 * Every form's one way from posted fields to input: the schema's fields as text (numbers and
 * dates included; the schema reads them as the API's clients send them), checked by the same
 * schema the API uses. A failure is already the answer: 400, the wrong fields named, the
 * values kept.
 */
export function parseForm<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  form: FormData,
  locale: Locale,
): ParsedForm<z.output<z.ZodObject<Shape>>> {
  const values = formValues(form, Object.keys(schema.shape));
  const input = Object.fromEntries(Object.entries(values).filter(([name]) => typeof form.get(name) === "string"));
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors = fieldErrors(parsed.error);
  return { ok: false, values, errors, answer: invalidForm(values, errors, locale) };
}

/**
 * The confirmation protocol's unconfirmed steps: without JavaScript the first post is
 * answered with the question, a No with 'Changes are not saved'. Undefined once confirmed.
 */
export function confirmation(
  form: FormData,
  question: ConfirmQuestion,
  notSaved: string,
  values?: Record<string, string>,
): Answer | undefined {
  const step = confirmStep(form);
  if (step === "ask") return data<ActionResult>({ confirm: question, values });
  if (step === "declined") return data<ActionResult>({ tone: "info", message: notSaved, values });
  return undefined;
}

/** A bulk action's 400 when no row is ticked (`noneSelected` says so) or more than BULK_MAX are. */
export function selectionProblem(ids: readonly string[], noneSelected: string, locale: Locale): Answer | undefined {
  if (ids.length === 0) return data<ActionResult>({ tone: "error", message: noneSelected }, 400);
  if (ids.length > BULK_MAX) {
    return data<ActionResult>(
      { tone: "error", message: translatorOf(locale).t("messages.form.selectAtMost", { count: BULK_MAX }) },
      400,
    );
  }
  return undefined;
}

/**
 * What a form action does, named in its failure message ("Could not save the notice."): a
 * `messages.action.*` key, or one whose words are messages themselves, given by their keys
 * (`{ key: "messages.action.saveItem", words: { noun: "dashboard.notices.noun" } }`), so each
 * language says the whole phrase in its own words.
 */
export type ActionName = MessageKey | { key: MessageKey; words: Record<string, MessageKey> };

function actionText(what: ActionName, t: ServerTranslate): string {
  if (typeof what === "string") return t(what);
  return t(what.key, Object.fromEntries(Object.entries(what.words).map(([name, key]) => [name, t(key)])));
}

/** What `data(…)` makes (React Router exports its class as a type only, and checks it by this tag too). */
function isThrownData(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** An unexpected failure while acting is logged and told on the page, never an error page; what was typed is kept. */
export async function answerSafely(
  log: Logger,
  locale: Locale,
  what: ActionName,
  run: () => Promise<ActionResult | Answer>,
  values?: Record<string, string>,
) {
  try {
    return await run();
  } catch (error) {
    // A redirect, or a 404 of what the form names (`data(…, 404)` thrown), is the answer itself.
    if (error instanceof Response || isThrownData(error)) throw error;
    // The log is read in English, whatever the reader's language.
    log.error({ err: error }, `${actionText(what, translatorOf("en").t)} failed`);
    const { t } = translatorOf(locale);
    return data<ActionResult>(
      { tone: "error", message: t("messages.form.failed", { what: actionText(what, t) }), values },
      500,
    );
  }
}
