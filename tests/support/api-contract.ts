import { expect } from "vitest";
import { errorRecord } from "~/core/api-answers.server";
import { findApiCall } from "~/routes/api/definitions";

/** Paths outside our own contract: better-auth's endpoints and the document itself. */
const UNCONTRACTED = /^\/api\/(auth\/|openapi\.json$)/;

/**
 * Checks an answer of the JSON API against the contract the OpenAPI document is made from:
 * its status must be one the call lists, and its body must match that status's schema. A
 * path or method no call has may only answer the API's 404 or 405 error.
 */
export async function expectContract(method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url).pathname;
  if (!path.startsWith("/api/") || UNCONTRACTED.test(path) || response.status === 304) return;
  const where = `${method} ${path} → ${response.status}`;
  const call = findApiCall(method, path);
  const schema = call ? call.answers[response.status]?.schema : [404, 405].includes(response.status) && errorRecord;
  expect(schema, `${where}: the contract lists no such answer`).toBeTruthy();
  if (!schema) return;
  const parsed = schema.safeParse(await response.clone().json());
  expect(parsed.success ? [] : parsed.error.issues, where).toEqual([]);
}

/** `fetch`, with every /api answer checked against the contract. */
export async function fetchChecked(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  await expectContract(init.method ?? "GET", url, response);
  return response;
}
