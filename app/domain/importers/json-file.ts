import type { z } from "zod";
import { StandingsFormatError } from "../standings";

/**
 * A judge's JSON file read and checked against its shape, a failure naming where in the file
 * (`scoreboard.json: rows[3].time`, `line 4, column 2`): shared by the JSON importers.
 */

/** Where in a file: its name (a package holds several) and a path inside it. */
const placeIn = (file: string | undefined, inside: string | undefined) =>
  file && inside ? `${file}: ${inside}` : (file ?? inside);

export function parseJsonText(text: string, file?: string): unknown {
  try {
    // A byte order mark is valid in a UTF-8 file but not in JSON.parse's input.
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /\(line (\d+) column (\d+)\)/.exec(message);
    // V8 quotes the start of the text after an unexpected token: the token is enough.
    const reason = message.replace(/ at position \d+.*$/s, "").replace(/^(Unexpected token '.*?'), ".*$/s, "$1");
    throw new StandingsFormatError(
      `not valid JSON (${reason})`,
      placeIn(file, at ? `line ${at[1]}, column ${at[2]}` : undefined),
    );
  }
}

export function checkJson<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: { file?: string; at?: PropertyKey[] } = {},
): T {
  const parsed = schema.safeParse(value, { error: describeIssue });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = pathText([...(where.at ?? []), ...(issue?.path ?? [])]);
  throw new StandingsFormatError(issue?.message ?? "unexpected content", placeIn(where.file, path));
}

const EXPECTED: Record<string, string> = {
  string: "must be text",
  number: "must be a number",
  int: "must be a whole number",
  boolean: "must be true or false",
  array: "must be a list",
  object: "must be an object",
  record: "must be an object",
  tuple: "must be a list",
};

/** Zod's messages in words for the admin who exported the file. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.input === undefined) return "is required";
  if (issue.code === "invalid_type") return EXPECTED[issue.expected] ?? `must be ${issue.expected}`;
  if (issue.code === "too_small") {
    return issue.origin === "string" ? "must not be empty" : `must be at least ${issue.minimum}`;
  }
  if (issue.code === "invalid_value") return `must be one of ${issue.values.join(", ")}`;
  return undefined;
}

/** `["rows", 3, "time"]` → `rows[3].time`; nothing for the file as a whole. */
function pathText(path: PropertyKey[]): string | undefined {
  const text = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
  return text.replace(/^\./, "") || undefined;
}
