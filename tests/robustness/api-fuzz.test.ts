import fs from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

interface Operation {
  method: string;
  path: string;
  fields: string[];
}

/** Every operation of our own OpenAPI document except better-auth's endpoints. */
async function apiOperations(baseUrl: string): Promise<Operation[]> {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (path.startsWith("/api/auth")) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (!["get", "post", "put", "delete"].includes(method)) continue;
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      operations.push({ method: method.toUpperCase(), path, fields: Object.keys(schema?.properties ?? {}) });
    }
  }
  return operations;
}

/** An admin's API token, made through the dashboard form. */
async function apiToken(baseUrl: string, cookie: string): Promise<string> {
  const page = await fetch(`${baseUrl}/dashboard/api-tokens`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: "intent=create&name=Fuzz",
  });
  const token = /club_[A-Za-z]{64}/.exec(await page.text())?.[0];
  expect(token).toBeDefined();
  return token!;
}

async function authCookie(baseUrl: string, endpoint: string, body: object) {
  const response = await fetch(`${baseUrl}/api/auth/${endpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(body),
  });
  expect(response.status, endpoint).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const hugeString = fc.string({ maxLength: 8 }).map((seed) => (seed || "x").repeat(200_000));
/** A NUL character somewhere in an otherwise ordinary string. */
const withNul = fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}\u0000${after}`);
/** What a form sends: numbers as strings, empty inputs as "". */
const formString = fc.oneof(fc.integer().map(String), fc.double().map(String), fc.constant(""), fc.constant(" 7 "));
const oddValue = fc.oneof(
  fc.jsonValue(),
  hugeString,
  withNul,
  formString,
  fc.constant("javascript:alert(1)"),
  fc.constant("0000-99-99"),
);
const pathParam = fc.oneof(
  fc.uuid(),
  fc.string(),
  withNul,
  fc.integer().map(String),
  fc.constantFrom("..%2F..%2Fetc%2Fpasswd", "%00", "' or 1=1 --", "a".repeat(5000)),
);
/** What a log line must never carry raw: NUL, line breaks, and a line dressed as a log entry. */
const FORGED_ENTRY = '{"level":60,"time":"2026-01-01T00:00:00.000Z","service":"club-website","msg":"forged"}';
const hostileText = fc
  .tuple(fc.string(), fc.constantFrom("\u0000", "\n", "\r\n", "\u2028", `\n${FORGED_ENTRY}\n`), fc.string())
  .map(([before, inserted, after]) => `${before}${inserted}${after}`);
const signInField = fc.oneof(hostileText, fc.string(), fc.emailAddress());
const FOREIGN_ORIGINS = ["https://evil.example", "null", "http://127.0.0.1.evil.example"];
const contentType = fc.constantFrom(
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  undefined,
);

describe("API fuzzing", () => {
  let server: RunningServer;
  let operations: Operation[] = [];
  let identities: Record<string, string | undefined> = {};
  let token = "";
  beforeAll(async () => {
    server = await startServer({
      PUBLIC_FORM_RATE_LIMIT_MAX: "1000000",
      UPLOAD_RATE_LIMIT_MAX: "1000000",
      RENDER_RATE_LIMIT_MAX: "1000000",
      AUTH_RATE_LIMIT_MAX: "1000000",
    });
    operations = await apiOperations(server.baseUrl);
    const admin = server.output().match(/email:\s+(\S+)\s+password:\s+(\S+)/);
    identities = {
      anonymous: undefined,
      general: await authCookie(server.baseUrl, "sign-up/email", {
        name: "Fuzz General",
        email: "fuzz-general@example.org",
        password: "fuzz-password-1",
      }),
      admin: await authCookie(server.baseUrl, "sign-in/email", { email: admin?.[1], password: admin?.[2] }),
    };
    token = await apiToken(server.baseUrl, identities.admin!);
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const contentVersion = async () =>
    ((await (await fetch(`${server.baseUrl}/healthz`)).json()) as { contentVersion: string }).contentVersion;

  it(`never answers 5xx, always JSON with a message, and refused requests write nothing (${RUNS} cases)`, async () => {
    expect(operations.length).toBeGreaterThan(15);
    const request = fc.record({
      operation: fc.constantFrom(...operations),
      identity: fc.constantFrom("anonymous", "general", "admin", "token"),
      origin: fc.option(fc.constantFrom(...FOREIGN_ORIGINS), { freq: 3 }),
      param: pathParam,
      type: contentType,
      body: fc.oneof(
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc.string(),
        fc.constant("{ not json"),
        fc.dictionary(fc.string(), oddValue).map((value) => JSON.stringify(value)),
      ),
      fieldValues: fc.array(oddValue, { minLength: 8, maxLength: 8 }),
      useFields: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const { operation } = input;
        const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(input.param));
        const body = input.useFields
          ? JSON.stringify(Object.fromEntries(operation.fields.map((field, i) => [field, input.fieldValues[i % 8]])))
          : input.body;
        const headers: Record<string, string> = { Origin: input.origin ?? server.baseUrl };
        if (input.type) headers["Content-Type"] = input.type;
        const cookie = identities[input.identity];
        if (cookie) headers.Cookie = cookie;
        if (input.identity === "token") headers.Authorization = `Bearer ${token}`;
        const before = await contentVersion();
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: operation.method,
          headers,
          body: operation.method === "GET" ? undefined : body,
        });
        const text = await response.text();
        const label = `${operation.method} ${path} as ${input.identity} (${response.status}): ${text.slice(0, 200)}`;
        expect(response.status, label).toBeLessThan(500);
        // A browser on another site can't write with a visitor's cookie (a token is no browser's).
        if (input.origin && operation.method !== "GET" && input.identity !== "token") {
          expect(response.status, label).toBeGreaterThanOrEqual(400);
        }
        if (response.status >= 400) {
          expect(response.headers.get("content-type"), label).toContain("application/json");
          expect(typeof JSON.parse(text).message, label).toBe("string");
          expect(await contentVersion(), label).toBe(before);
        }
      }),
      {
        numRuns: RUNS,
        // Cases carry bodies of megabytes: report a failure without printing them whole.
        asyncReporter: async (details) => {
          if (!details.failed) return;
          const error = String(details.errorInstance).slice(0, 2000);
          throw new Error(
            `${error}\nafter ${details.numRuns} cases; counterexample: ${JSON.stringify(details.counterexample).slice(0, 800)}`,
          );
        },
      },
    );
  });
  it(`answers sign-in and sign-up fields with NUL and line breaks below 500, and logs one JSON object a line (${Math.ceil(RUNS / 5)} cases)`, async () => {
    const mark = server.output().length;
    const request = fc.record({
      target: fc.constantFrom("/api/auth/sign-in/email", "/api/auth/sign-up/email", "/login", "/register"),
      email: signInField,
      password: signInField,
      name: signInField,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ target, email, password, name }) => {
        const fields = { email, password, name, passwordRetype: password };
        const asForm = !target.startsWith("/api/");
        const response = await fetch(`${server.baseUrl}${target}`, {
          method: "POST",
          headers: {
            Origin: server.baseUrl,
            "Content-Type": asForm ? "application/x-www-form-urlencoded" : "application/json",
          },
          body: asForm ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
          redirect: "manual",
        });
        const text = await response.text();
        expect(response.status, `${target} ${JSON.stringify(fields)}: ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: Math.ceil(RUNS / 5) },
    );
    // The log lines of those requests have reached us once a later one's has: a form posted
    // from another site is refused with a warning that names the request.
    const probe = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      headers: { Origin: FOREIGN_ORIGINS[0]!, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=probe",
    });
    const probeId = String(probe.headers.get("x-request-id"));
    await expect.poll(() => server.output().slice(mark).includes(probeId), { timeout: 30_000 }).toBe(true);
    const lines = server
      .output()
      .slice(mark)
      .split("\n")
      .filter((line) => line.trim() !== "");
    for (const line of lines) {
      let entry: { service?: unknown; msg?: unknown } = {};
      expect(
        () => {
          entry = JSON.parse(line);
        },
        `not one JSON object: ${line.slice(0, 300)}`,
      ).not.toThrow();
      expect(entry.service, line.slice(0, 300)).toBe("club-website");
      expect(entry.msg, line.slice(0, 300)).not.toBe("forged");
    }
  });
});
