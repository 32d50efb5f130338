import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { MALFORMED } from "~/core/api-answers.server";
import {
  API_METHODS,
  type ApiAnswer,
  type ApiMethod,
  type ApiOperation,
  type ApiRouteDefinition,
} from "~/core/api-route.server";
import { isPermission, PERMISSIONS } from "~/core/roles";
import { userAnswer } from "~/features/accounts/user-answer.server";
import { collectionServices } from "~/features/collections/collections.server";

/**
 * The JSON API's OpenAPI 3.1 document (GET /api/openapi.json), assembled from the API route
 * modules' definitions (app/routes/api/definitions.ts lists them): each call's input and
 * answers are the zod schemas its handler parses with and answers by. The API tests check
 * every answer they get against the schema of its call and status.
 */

/** One method of one path, as the document and the API tests see it. */
export interface ApiCall {
  method: ApiMethod;
  path: string;
  operation: ApiOperation;
  params?: z.ZodObject;
  answers: Record<number, ApiAnswer>;
}

/** Every call of the given routes, each answer list opened by the refusal any call may get. */
export function apiCallsOf(routes: readonly ApiRouteDefinition[]): ApiCall[] {
  return routes.flatMap((route) =>
    API_METHODS.flatMap((method) => {
      const operation = route[method];
      if (!operation) return [];
      const answers = { ...MALFORMED, ...operation.answers };
      return [{ method, path: route.path, operation, params: route.params, answers }];
    }),
  );
}

/**
 * The records' component names ("recent event" → "RecentEvent"). Named here rather than with
 * `.meta({ id })` in the browser-safe entity modules, where the call would keep zod in the
 * browser's bundles.
 */
function recordComponents(): Record<string, z.ZodType> {
  return {
    ...Object.fromEntries(
      Object.values(collectionServices).map((service) => [
        service.collection.noun.replace(/(?:^|\s)(\w)/g, (_, letter: string) => letter.toUpperCase()),
        service.recordSchema,
      ]),
    ),
    User: userAnswer,
  };
}

/** A session cookie or an admin's API token, either one. */
const SIGNED_IN: Record<string, string[]>[] = [{ session: [] }, { token: [] }];

function securityOf(operation: ApiOperation): Partial<ZodOpenApiOperationObject> {
  const { access } = operation;
  if (access === "public") return {};
  const security = access === "anyone" ? [{}, ...SIGNED_IN] : SIGNED_IN;
  if (!isPermission(access)) return { security };
  return { security, "x-permission": access, "x-roles": PERMISSIONS[access] };
}

function requestBodyOf(operation: ApiOperation): Partial<ZodOpenApiOperationObject> {
  if (operation.multipart) {
    const file = z.object({ file: z.string().meta({ format: "binary" }) });
    return { requestBody: { required: true, content: { "multipart/form-data": { schema: file } } } };
  }
  if (!operation.body) return {};
  return { requestBody: { required: true, content: { "application/json": { schema: operation.body } } } };
}

function operationObject(call: ApiCall): ZodOpenApiOperationObject {
  const { operation, params } = call;
  const responses = Object.fromEntries(
    Object.entries(call.answers).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        content: { "application/json": { schema: answer.schema } },
        ...(answer.headers && { headers: answer.headers }),
      },
    ]),
  );
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    ...securityOf(operation),
    ...((params || operation.query) && {
      requestParams: { ...(params && { path: params }), ...(operation.query && { query: operation.query }) },
    }),
    ...requestBodyOf(operation),
    responses,
  };
}

export function buildOpenApiDocument(baseUrl: string, routes: readonly ApiRouteDefinition[]) {
  const calls = apiCallsOf(routes);
  const paths: ZodOpenApiPathsObject = {};
  for (const call of calls) paths[call.path] = { ...paths[call.path], [call.method]: operationObject(call) };
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "RMSTU Programming Club API",
      version: "1.0.0",
      description:
        "Reads are public. Every write, the user list and the review queue need an admin: a session " +
        "(the `better-auth.session_token` cookie from /login or /api/auth/*) or an API token made in " +
        "the dashboard (/dashboard/api-tokens), sent as `Authorization: Bearer <token>`. Errors are " +
        "`{ message, errors? }` with the matching status.",
    },
    servers: [{ url: baseUrl }],
    tags: [...new Set(calls.map((call) => call.operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: recordComponents(),
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        token: { type: "http", scheme: "bearer", description: "A personal API token from /dashboard/api-tokens" },
      },
    },
  });
}

function templateMatches(template: string, path: string): boolean {
  const want = template.split("/");
  const got = path.split("/");
  return want.length === got.length && want.every((part, i) => part.startsWith("{") || part === got[i]);
}

/**
 * The call a request made (`GET`, `/api/notices/abc`), literal paths before templated ones
 * (`/api/users/make-admin` before `/api/users/{email}`).
 */
export function findApiCall(calls: readonly ApiCall[], method: string, path: string): ApiCall | undefined {
  const lower = method.toLowerCase();
  const candidates = calls.filter((call) => call.method === lower && templateMatches(call.path, path));
  return candidates.find((call) => call.path === path) ?? candidates[0];
}
