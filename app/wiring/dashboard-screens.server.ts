import type { RouterContextProvider } from "react-router";
import { requirePermissionPage, type SessionUser, signedInUser } from "~/core/session.server";
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
