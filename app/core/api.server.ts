import type { ZodSafeParseResult } from "zod";
import type { AppContext } from "~/core/context";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { fieldErrors } from "~/lib/field-errors";
import { INVALID_INPUT_MESSAGE } from "~/lib/form-actions.server";
import { withAbsoluteLinks } from "~/lib/media";

export { fieldErrors };

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, map(value)]));

/**
 * The JSON error shape of every /api route (decisions: "The JSON API"): `{ message, errors? }`.
 * The API speaks English: a domain's message descriptor is worded so here.
 */
export function jsonError(
  status: number,
  message: string | Message,
  errors?: Record<string, string | Message>,
): Response {
  const english = (text: string | Message) => (typeof text === "string" ? text : sayMessage(text, "en"));
  const body = { message: english(message), ...(errors && { errors: mapValues(errors, english) }) };
  return Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * Answers a read with JSON, links to uploaded files made absolute; the read may add headers.
 * An unexpected failure is logged and answered as `{ message }` with status 500, never an
 * HTML page or a stack trace.
 */
export async function jsonRead(
  context: AppContext,
  what: string,
  read: (headers: Headers) => Promise<unknown>,
): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-cache" });
  try {
    const body = withAbsoluteLinks(await read(headers), context.config.BASE_URL);
    return Response.json(body, { headers });
  } catch (error) {
    return readFailed(context, what, error);
  }
}

function readFailed(context: AppContext, what: string, error: unknown): Response {
  context.log.error({ err: error }, `reading ${what} failed`);
  return jsonError(500, `Could not load the ${what}. Please try again.`);
}

/**
 * A JSON array written as its batches are read, so a list of any length never sits in memory
 * whole. A failure before the first batch is answered like `jsonRead`'s; one after the first
 * bytes can only cut the answer short, and is logged.
 */
export async function jsonArrayStream(
  context: AppContext,
  what: string,
  batches: AsyncIterable<unknown[]>,
): Promise<Response> {
  const iterator = batches[Symbol.asyncIterator]();
  let first: IteratorResult<unknown[]>;
  try {
    first = await iterator.next();
  } catch (error) {
    return readFailed(context, what, error);
  }
  const encoder = new TextEncoder();
  let written = 0;
  const encode = (items: unknown[]) => {
    const json = withAbsoluteLinks(items, context.config.BASE_URL).map((item) => JSON.stringify(item));
    const text = (written === 0 ? "" : ",") + json.join(",");
    written += json.length;
    return encoder.encode(text);
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("["));
      if (!first.done) controller.enqueue(encode(first.value));
      else {
        controller.enqueue(encoder.encode("]"));
        controller.close();
      }
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(encoder.encode("]"));
          controller.close();
        } else if (next.value.length > 0) controller.enqueue(encode(next.value));
      } catch (error) {
        context.log.error({ err: error }, `streaming ${what} failed`);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

/** RFC 8288 links to the first, previous, next and last page of a paged JSON read. */
export function pageLinkHeader(base: URL, page: { page: number; pageCount: number }, limit: number): string {
  const link = (number: number, rel: string) => {
    const url = new URL(base);
    url.searchParams.set("page", String(number));
    url.searchParams.set("limit", String(limit));
    return `<${url.href}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, page.pageCount), "prev"));
  if (page.page < page.pageCount) links.push(link(page.page + 1, "next"));
  links.push(link(page.pageCount, "last"));
  return links.join(", ");
}

/** `application/json` or a `+json` type, whatever its parameters (`; charset=utf-8`). */
function isJsonContentType(header: string | null): boolean {
  const type = header?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

/** Reads a JSON body; a form's `text/plain` or urlencoded body gets 415, bad JSON 400, never a 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw jsonError(415, "Send the body as JSON, with the header Content-Type: application/json.");
  }
  try {
    return await request.json();
  } catch {
    throw jsonError(400, "The request body must be JSON.");
  }
}

/** The API's 400 that names every wrong field (each message in English). */
export function invalidInput(errors: Record<string, string | Message>): Response {
  return jsonError(400, INVALID_INPUT_MESSAGE, errors);
}

/** Reads a JSON body and checks it with the schema: 400 naming every wrong field. */
export async function parseJsonBody<T>(
  request: Request,
  schema: { safeParse(value: unknown): ZodSafeParseResult<T> },
): Promise<T> {
  const result = schema.safeParse(await readJsonBody(request));
  if (!result.success) throw invalidInput(fieldErrors(result.error));
  return result.data;
}
