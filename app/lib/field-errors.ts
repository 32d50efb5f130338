import type { z } from "zod";

/** The first message per field, as `{ field: text }` (the API's `errors`, the forms' field errors). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= issue.message;
  }
  return errors;
}
