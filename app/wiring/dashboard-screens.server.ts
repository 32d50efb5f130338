import { data, type RouterContextProvider } from "react-router";
import { type Actor, actorOf } from "~/core/audit.server";
import { type AppContext, appContext } from "~/core/context";
import { requirePermissionPage, type SessionUser, signedInUser } from "~/core/session.server";
import type { Locale } from "~/i18n/locales";
import { type ServerTranslate, translatorFor } from "~/i18n/translate.server";
import type { ActionResult, ConfirmQuestion } from "~/lib/form-actions";
import { type ActionName, answerSafely, confirmation, readFormData } from "~/lib/form-actions.server";
import { screenOfPattern } from "./dashboard-screens";

interface ScreenArgs {
  context: Readonly<RouterContextProvider>;
  /** The matched route's pattern, by which the screen is found in the registry. */
  pattern: string;
}

/** Marks a loader or action that checks its screen's permission (the registry's test asks for it). */
export const SCREEN_CHECKED = Symbol.for("club.dashboard.screenChecked");

type Branded<Handler> = Handler & { [SCREEN_CHECKED]: true };

/**
 * The signed-in person, when the registry's permission for this screen lets them open it
 * (`open`, its loader) or use its forms (`change`, its action); else the 403 page. A route
 * missing from the registry is a programming error, never an open door.
 */
export function screenUser({ context, pattern }: ScreenArgs, use: "open" | "change"): SessionUser {
  const screen = screenOfPattern(pattern);
  if (!screen) throw new Error(`${pattern} is not a screen of wiring/dashboard-screens.ts`);
  const access = use === "change" ? (screen.changes ?? screen.access) : screen.access;
  return access === "signed-in" ? signedInUser(context) : requirePermissionPage(context, access);
}

function checked<Args extends ScreenArgs, Result>(
  use: "open" | "change",
  handler: (args: Args, user: SessionUser) => Result,
): Branded<(args: Args) => Result> {
  return Object.assign((args: Args) => handler(args, screenUser(args, use)), { [SCREEN_CHECKED]: true as const });
}

/** A dashboard screen's loader, run for whoever the registry lets open the screen. */
export function screenLoader<Args extends ScreenArgs, Result>(load: (args: Args, user: SessionUser) => Result) {
  return checked("open", load);
}

/** A dashboard screen's action, run for whoever the registry lets use its forms. */
export function screenAction<Args extends ScreenArgs, Result>(act: (args: Args, user: SessionUser) => Result) {
  return checked("change", act);
}

/** What every intent of a screen's action is handed: the request's form, who sends it, in which language. */
export interface IntentContext<Args> {
  args: Args;
  form: FormData;
  user: SessionUser;
  actor: Actor;
  app: AppContext;
  t: ServerTranslate;
  locale: Locale;
}

type Answer = ActionResult | ReturnType<typeof data<ActionResult>>;

/** A form's fields checked: the input, or the answer (400, the fields named) that stops there. */
type CheckedForm<Input> =
  | { ok: true; data: Input; values?: Record<string, string> }
  | { ok: false; answer: Answer; values?: Record<string, string> };

/** One thing a screen's forms ask for, named by the form's `intent` field. */
export interface Intent<Args, Input, Result extends Answer> {
  /** What the log and a failure's message call it (it may depend on the screen's collection or the form). */
  what: ActionName | ((context: IntentContext<Args>, input: Input) => ActionName);
  /**
   * Reads and checks the form before anything is asked (parseForm's answer fits), and finds what
   * the question names (a row, the event): a 404 it throws is the answer, as on the screen's loader.
   */
  input?: (context: IntentContext<Args>) => CheckedForm<Input> | Promise<CheckedForm<Input>>;
  /** The Yes asked first: the question (with the values a Yes sends again) and the values typed, to keep. */
  confirm?: (
    context: IntentContext<Args>,
    input: Input,
  ) => { question: ConfirmQuestion; values?: Record<string, string> };
  run: (context: IntentContext<Args>, input: Input) => Promise<Result>;
}

/** An intent, its input's type checked from `input` to `run` (the action holds intents of every input). */
export function intent<Args, Input = undefined, Result extends Answer = Answer>(
  definition: Intent<Args, Input, Result>,
): Intent<Args, unknown, Result> {
  return definition as Intent<Args, unknown, Result>;
}

/** The intent a form without an `intent` field asks for (a row's Delete). */
export const DEFAULT_INTENT = "default";

/**
 * A dashboard screen's action, its intents by the form's `intent` field, each answered one way:
 * the registry's permission first, then the form's check, the Yes, and the intent's work, whose
 * failure is logged and answered as the form's (answerSafely). An unknown intent is a 400.
 */
export function dashboardAction<Args extends ScreenArgs & { request: Request }, Result extends Answer>(
  intents: Record<string, Intent<Args, unknown, Result>>,
) {
  return screenAction(async (args: Args, user) => {
    const { request, context } = args;
    const form = await readFormData(request);
    const { t, locale } = translatorFor(request);
    const app = context.get(appContext);
    const chosen = intents[String(form.get("intent") ?? DEFAULT_INTENT)];
    if (!chosen) throw data({ message: t("messages.form.unreadable") }, { status: 400 });
    const base: IntentContext<Args> = { args, form, user, actor: actorOf(request, user), app, t, locale };
    const checked = (await chosen.input?.(base)) ?? { ok: true as const, data: undefined };
    if (!checked.ok) return checked.answer;
    const asked = chosen.confirm?.(base, checked.data);
    const kept = asked?.values ?? checked.values;
    const unconfirmed = asked && confirmation(form, asked.question, t("dashboard.notSaved"), kept);
    if (unconfirmed) return unconfirmed;
    // answerSafely's failure answer is an ActionResult; the intent's own answers keep their type.
    const run = () => chosen.run(base, checked.data) as Promise<Answer>;
    const what = typeof chosen.what === "function" ? chosen.what(base, checked.data) : chosen.what;
    return answerSafely(app.log, locale, what, run, kept) as Promise<Result | Answer>;
  });
}
