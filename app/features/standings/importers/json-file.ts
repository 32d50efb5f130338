import type { z } from "zod";
import {
  StandingsFormatError,
  type StandingsPlace,
  type StandingsText,
  standingsText,
} from "~/features/standings/standings";
import type { MessageKey } from "~/i18n/catalogs";
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
    issue ? issueText(issue) : standingsText("tools.standings.error.unexpected"),
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

/** An issue's message that is a catalog key (describeIssue's, or a schema's own), not zod's English. */
const OWN_MESSAGE = /^tools\.standings\.error\./;

/** Zod's issues in words for the admin who exported the file: a catalog key; issueText adds the values it names. */
function describeIssue(issue: z.core.$ZodRawIssue): MessageKey | undefined {
  if (issue.input === undefined) return "tools.standings.error.required";
  if (issue.code === "invalid_type") return EXPECTED[issue.expected] ?? "tools.standings.error.type";
  if (issue.code === "too_small") {
    return issue.origin === "string" ? "tools.standings.error.notEmpty" : "tools.standings.error.atLeast";
  }
  if (issue.code === "invalid_value") return "tools.standings.error.oneOf";
  return undefined;
}

function issueText(issue: z.core.$ZodIssue): StandingsText {
  if (!OWN_MESSAGE.test(issue.message)) return { english: issue.message };
  return standingsText(issue.message as MessageKey, {
    ...("expected" in issue ? { expected: String(issue.expected) } : {}),
    ...("minimum" in issue ? { minimum: Number(issue.minimum) } : {}),
    ...("values" in issue ? { choices: issue.values.join(", ") } : {}),
  });
}

/** `["rows", 3, "time"]` → `rows[3].time`; nothing for the file as a whole. */
function pathText(path: PropertyKey[]): string | undefined {
  const text = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
  return text.replace(/^\./, "") || undefined;
}
