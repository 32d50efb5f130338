import { z } from "zod";
import type { ApiAnswer } from "./api-route.server";

/** The answers many API calls share, as zod schemas the document and the API tests use. */

export const errorRecord = z
  .strictObject({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().meta({ description: "Text per bad field" }),
  })
  .meta({ id: "Error" });
export const inserted = z
  .strictObject({ acknowledged: z.literal(true), insertedId: z.string() })
  .meta({ id: "Inserted" });
export const modified = z
  .strictObject({ modifiedCount: z.number().int(), message: z.string().optional() })
  .meta({ id: "Modified" });
export const deleted = z
  .strictObject({ deletedCount: z.number().int(), message: z.string().optional() })
  .meta({ id: "Deleted" });

export const failure = (description: string): ApiAnswer => ({ description, schema: errorRecord });
export const NOT_SIGNED_IN = { 401: failure("Not signed in") };
export const ADMIN_ONLY = {
  ...NOT_SIGNED_IN,
  403: failure("Signed in, but without a role that may (see x-roles)"),
};
export const BAD_BODY = {
  400: failure("Malformed JSON or invalid fields (each named in `errors`)"),
  415: failure("The body is not JSON"),
};
export const NOT_FOUND = { 404: failure("No such record") };
export const READ_FAILED = { 500: failure("The database could not be read") };
export const RATE_LIMITED = { 429: failure("Too many submissions from this client (see `Retry-After`)") };
/** Any call may be refused before it reaches its route (server/security.ts, `requestShapeGuard`). */
export const MALFORMED = { 400: failure("A malformed request (say, a NUL character in the address)") };

export const idParams = z.object({ id: z.string().meta({ description: "The record's `_id`" }) });
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100).optional(),
});
