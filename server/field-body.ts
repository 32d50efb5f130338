import type { IncomingMessage } from "node:http";

/**
 * Bodies made of text fields, JSON and URL-encoded forms, are read whole before any route runs
 * so that a NUL character in any field is refused in one place, naming the field: PostgreSQL
 * can't store one in text, and a route (or better-auth) that passed it on answered 500.
 * Multipart bodies (uploads) stream on unread.
 */
export type FieldBodyKind = "json" | "form";

const NUL = "\u0000";

export function fieldBodyKind(contentType: string | undefined): FieldBodyKind | undefined {
  const type = contentType?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  return undefined;
}

/**
 * The whole body, or undefined when it runs past `maxBytes`. The rest of a body too large is
 * read and dropped up to as much again, so the client reads the 413 instead of a reset
 * connection; past that the connection is closed.
 */
export async function readWholeBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > 2 * maxBytes) {
      req.destroy();
      return undefined;
    }
    if (received <= maxBytes) chunks.push(chunk);
  }
  return received > maxBytes ? undefined : Buffer.concat(chunks);
}

/**
 * The first field of the body holding a NUL character, as a path (`email`, `items[2].name`),
 * "the body" for one the fields can't be read from; undefined when there is none.
 */
export function fieldWithNul(kind: FieldBodyKind, body: Buffer): string | undefined {
  const text = body.toString("utf8");
  // Most bodies hold no NUL in any spelling: they cost one scan.
  const escaped = kind === "json" ? "\\u0000" : "%00";
  if (!text.includes(NUL) && !text.includes(escaped)) return undefined;
  return kind === "json" ? jsonFieldWithNul(text) : formFieldWithNul(text);
}

function formFieldWithNul(text: string): string | undefined {
  for (const [name, value] of new URLSearchParams(text)) {
    if (name.includes(NUL) || value.includes(NUL)) return fieldName(name);
  }
  return text.includes(NUL) ? "the body" : undefined;
}

function jsonFieldWithNul(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the route refuses it as such, unless the NUL is a raw byte.
    return text.includes(NUL) ? "the body" : undefined;
  }
  return valueWithNul(value, "");
}

function valueWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes(NUL) ? path || "the body" : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = valueWithNul(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${fieldName(key)}` : fieldName(key);
    if (key.includes(NUL)) return itemPath;
    const found = valueWithNul(item, itemPath);
    if (found) return found;
  }
  return undefined;
}

/** A field's name as a message can show it: control characters (the NUL among them) escaped. */
const fieldName = (name: string) => JSON.stringify(name).slice(1, -1);
