import type { AppLoadContext } from "react-router";

/** The JSON error shape of every /api route (decisions: "The JSON API"). */
export function jsonError(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * Answers a read with JSON; an unexpected failure is logged and answered as
 * `{ message }` with status 500, never an HTML page or a stack trace.
 */
export async function jsonRead(context: AppLoadContext, what: string, read: () => Promise<unknown>): Promise<Response> {
  try {
    return Response.json(await read(), { headers: { "Cache-Control": "no-cache" } });
  } catch (error) {
    context.log.error({ err: error }, `reading ${what} failed`);
    return jsonError(500, `Could not load the ${what}. Please try again.`);
  }
}
