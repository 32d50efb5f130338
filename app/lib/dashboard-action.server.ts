import { data } from "react-router";
import type { AppContext } from "~/context";
import type { ActionResult } from "./dashboard-action";

/** An unexpected failure while saving is logged and told to the admin, never an error page. */
export async function answerSafely(
  context: AppContext,
  what: string,
  run: () => Promise<ActionResult | ReturnType<typeof data<ActionResult>>>,
  values?: Record<string, string>,
) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) throw error;
    context.log.error({ err: error }, `${what} failed`);
    return data<ActionResult>({ tone: "error", message: `Could not ${what}. Please try again.`, values }, 500);
  }
}
