import type { AppLoadContext } from "react-router";
import type { ZodSafeParseResult } from "zod";
import { fieldErrors } from "./field-errors";
import { withAbsoluteMediaLinks } from "./media";

export { fieldErrors };

/** The JSON error shape of every /api route (decisions: "The JSON API"): `{ message, errors? }`. */
export function jsonError(status: number, message: string, errors?: Record<string, string>): Response {
  return Response.json(errors ? { message, errors } : { message }, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * Answers a read with JSON, links to uploaded files made absolute; an unexpected failure is
 * logged and answered as `{ message }` with status 500, never an HTML page or a stack trace.
 */
export async function jsonRead(
  context: AppLoadContext,
  what: string,
  read: () => Promise<unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    const body = withAbsoluteMediaLinks(await read(), context.config.BASE_URL);
    return Response.json(body, { headers: { "Cache-Control": "no-cache", ...headers } });
  } catch (error) {
    context.log.error({ err: error }, `reading ${what} failed`);
    return jsonError(500, `Could not load the ${what}. Please try again.`);
  }
}

/** `application/json` or a `+json` type, whatever its parameters (`; charset=utf-8`). */
function isJsonContentType(header: string | null): boolean {
  const type = header?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

/**
 * Reads and validates a JSON body (a form's `text/plain` or urlencoded body gets 415); bad JSON or bad fields answer 400 naming every wrong
 * field, never a 500.
 */
export async function parseJsonBody<T>(
  request: Request,
  schema: { safeParse(value: unknown): ZodSafeParseResult<T> },
): Promise<T> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw jsonError(415, "Send the body as JSON, with the header Content-Type: application/json.");
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonError(400, "The request body must be JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw jsonError(400, "Please correct the marked fields.", fieldErrors(result.error));
  return result.data;
}
