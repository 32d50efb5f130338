import type { z } from "zod";
import { StandingsFormatError, type StandingsPlace, standingsText } from "~/features/standings/standings";
import type { MessageKey } from "~/i18n/catalogs";
import { schemaMessage } from "~/i18n/message";
import { issueMessage } from "~/lib/field-errors";
import { checkJsonValues } from "./standings-limits";

/**
 * A judge's JSON file read and checked against its shape, a failure naming where in the file
 * (`scoreboard.json: rows[3].time`, `line 4, column 2`): shared by the JSON importers.
 */

/** Where in a file: its name (a package holds several) and a place inside it. */
function placeIn(file: string | undefined, inside: StandingsPlace | undefined): StandingsPlace | undefined {
  if (file === undefined || inside === undefined) return file ?? inside;
  return typeof inside === "string"
    ? `${file}: ${inside}`
    : standingsText("tools.standings.where.inFile", { file, place: inside });
}

export function parseJsonText(text: string, file?: string): unknown {
  checkJsonValues(text, file);
  try {
    // A byte order mark is valid in a UTF-8 file but not in JSON.parse's input.
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /\(line (\d+) column (\d+)\)/.exec(message);
    // V8 quotes the start of the text after an unexpected token: the token is enough.
    const reason = message.replace(/ at position \d+.*$/s, "").replace(/^(Unexpected token '.*?'), ".*$/s, "$1");
    throw new StandingsFormatError(
      standingsText("tools.standings.error.notJson", { reason }),
      placeIn(
        file,
        at
          ? standingsText("tools.standings.where.lineColumn", { line: Number(at[1]), column: Number(at[2]) })
          : undefined,
      ),
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
  throw new StandingsFormatError(
    issue ? issueMessage(issue) : standingsText("tools.standings.error.unexpected"),
    placeIn(where.file, path),
  );
}

const EXPECTED: Record<string, MessageKey> = {
  string: "tools.standings.error.text",
  number: "tools.standings.error.number",
  int: "tools.standings.error.wholeNumber",
  boolean: "tools.standings.error.trueOrFalse",
  array: "tools.standings.error.list",
  object: "tools.standings.error.object",
  record: "tools.standings.error.object",
  tuple: "tools.standings.error.list",
};

/** Zod's issues in words for the admin who exported the file (schemas' own messages come first). */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.input === undefined) return schemaMessage("tools.standings.error.required");
  if (issue.code === "invalid_type") {
    return schemaMessage(EXPECTED[issue.expected] ?? "tools.standings.error.type", { expected: issue.expected });
  }
  if (issue.code === "too_small") {
    const key = issue.origin === "string" ? "tools.standings.error.notEmpty" : "tools.standings.error.atLeast";
    return schemaMessage(key, { minimum: Number(issue.minimum) });
  }
  if (issue.code === "invalid_value") {
    return schemaMessage("tools.standings.error.oneOf", { choices: issue.values.join(", ") });
  }
  return undefined;
}

/** `["rows", 3, "time"]` → `rows[3].time`; nothing for the file as a whole. */
function pathText(path: PropertyKey[]): string | undefined {
  const text = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
  return text.replace(/^\./, "") || undefined;
}
