import { z } from "zod";
import { type Collection, collections } from "./collections";
import { inputSchemas } from "./collections.server";
import { resultSubmissionInput } from "./results";
import { REVIEWABLE_KEYS } from "./review";
import { roleChangeInput, userRecordInput } from "./users.server";

/**
 * The OpenAPI 3.1 description of the whole JSON API (GET /api/openapi.json), built from the
 * same zod schemas and collection registry the routes use, so it cannot drift from them.
 */

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonObject;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const answer = (description: string, schema?: unknown) =>
  schema ? { description, content: json(schema) } : { description };
const errorAnswer = (description: string) => answer(description, ref("Error"));

const adminErrors = {
  "401": errorAnswer("Not signed in"),
  "403": errorAnswer("Signed in, but not an admin"),
};
const inputErrors = { "400": errorAnswer("Malformed JSON or invalid fields (each named in `errors`)") };
const notFound = { "404": errorAnswer("No such record") };
const idParameter = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const reviewItemParameters = [
  { name: "collection", in: "path", required: true, schema: { enum: [...REVIEWABLE_KEYS] } },
  idParameter,
];

/** "recent-events" → "RecentEvent": the component names of a collection. */
function schemaName(collection: Collection): string {
  const words = collection.noun.split(" ").map((word) => word[0]?.toUpperCase() + word.slice(1));
  return words.join("");
}

/** A session cookie or an admin's API token, either one. */
const SIGNED_IN = [{ session: [] }, { token: [] }];

/** The reads that may be paged: students (the one list that grows without bound) and the review queue. */
const pageParameters = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
  { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 500, default: 100 } },
];

const pageHeaders = {
  "X-Total-Count": { description: "Students in all (paged reads only)", schema: { type: "integer" } },
  Link: {
    description: "RFC 8288 links to the first, prev, next and last page (paged reads only)",
    schema: { type: "string" },
  },
};

function collectionPaths(collection: Collection): Record<string, JsonObject> {
  const name = schemaName(collection);
  const tag = collection.headings.list;
  const admin = { tags: [tag], security: SIGNED_IN };
  return {
    [`/api/${collection.api.readPath}`]: {
      get: {
        tags: [tag],
        summary: `Every published ${collection.noun}`,
        ...(collection.key === "students" && {
          description:
            "Without `page` and `limit`, every student (streamed). With either, one page, with " +
            "`X-Total-Count` (students in all) and a `Link` header (first, prev, next, last).",
          parameters: pageParameters,
        }),
        responses: {
          "200": {
            ...answer("The list", { type: "array", items: ref(name) }),
            ...(collection.key === "students" && { headers: pageHeaders }),
          },
        },
      },
    },
    [`/api/${collection.api.addPath}`]: {
      post: {
        ...admin,
        ...(collection.key === "notices" && {
          security: [{}, ...SIGNED_IN],
          description: "Admins publish at once; anyone else's notice waits in the review queue.",
        }),
        summary: `Add a ${collection.noun}`,
        requestBody: { required: true, content: json(ref(`${name}Input`)) },
        responses: { "201": answer("Added", ref("Inserted")), ...inputErrors, ...adminErrors },
      },
    },
    [`/api/${collection.api.itemPath}/{id}`]: {
      parameters: [idParameter],
      get: {
        ...admin,
        summary: `One ${collection.noun} (pending ones too)`,
        responses: { "200": answer("The record", ref(name)), ...adminErrors, ...notFound },
      },
      put: {
        ...admin,
        summary: `Edit a ${collection.noun} (every field, as when adding)`,
        requestBody: { required: true, content: json(ref(`${name}Input`)) },
        responses: { "200": answer("Saved", ref("Modified")), ...inputErrors, ...adminErrors, ...notFound },
      },
      delete: {
        ...admin,
        summary: `Delete a ${collection.noun}`,
        responses: {
          "200": answer(
            "Deleted (`deletedCount` 1), or nothing had that id (`deletedCount` 0 and a `message`)",
            ref("Deleted"),
          ),
          ...adminErrors,
        },
      },
    },
  };
}

function collectionSchemas(collection: Collection): Record<string, JsonObject> {
  const name = schemaName(collection);
  return {
    [`${name}Input`]: jsonSchema(inputSchemas[collection.key] as z.ZodType),
    // The stored record: the input's fields (derived ones such as a notice's slug besides) and its id.
    [name]: {
      allOf: [ref(`${name}Input`), { type: "object", properties: { _id: { type: "string" } }, required: ["_id"] }],
    },
  };
}

const reviewPaths = {
  "/api/review": {
    get: {
      tags: ["Review queue"],
      security: SIGNED_IN,
      summary: "Submissions of the public forms waiting for review, newest first",
      parameters: pageParameters,
      responses: {
        "200": answer("Pending notices and results", {
          type: "object",
          properties: {
            notices: { type: "array", items: ref("Notice") },
            results: { type: "array", items: ref("Result") },
          },
        }),
        ...adminErrors,
      },
    },
  },
  "/api/review/{collection}/{id}/approve": {
    parameters: reviewItemParameters,
    post: {
      tags: ["Review queue"],
      security: SIGNED_IN,
      summary: "Publish a pending submission",
      responses: { "200": answer("Published", ref("Modified")), ...adminErrors, ...notFound },
    },
  },
  "/api/review/{collection}/{id}/reject": {
    parameters: reviewItemParameters,
    post: {
      tags: ["Review queue"],
      security: SIGNED_IN,
      summary: "Remove a pending submission",
      responses: { "200": answer("Removed", ref("Deleted")), ...adminErrors, ...notFound },
    },
  },
  "/api/products-collection": {
    post: {
      tags: ["Review queue"],
      summary: "Send a contest result for review (the public result form; rate-limited, no sign-in)",
      requestBody: { required: true, content: json(ref("ResultSubmission")) },
      responses: {
        "201": answer("Received; waits for review", ref("Inserted")),
        ...inputErrors,
        "429": errorAnswer("Too many submissions from this client"),
      },
    },
  },
};

const userPaths = {
  "/api/users": {
    get: {
      tags: ["Users"],
      security: SIGNED_IN,
      summary: "Every user record",
      responses: { "200": answer("The list", { type: "array", items: ref("User") }), ...adminErrors },
    },
  },
  "/api/users/{email}": {
    parameters: [{ name: "email", in: "path", required: true, schema: { type: "string", format: "email" } }],
    get: {
      tags: ["Users"],
      security: SIGNED_IN,
      summary: "A user record (your own, or anyone's for an admin)",
      responses: { "200": answer("The record", ref("User")), ...adminErrors, ...notFound },
    },
  },
  "/api/user": Object.fromEntries(
    (["post", "put"] as const).map((method) => [
      method,
      {
        tags: ["Users"],
        security: SIGNED_IN,
        summary: "Record your own display name",
        requestBody: { required: true, content: json(ref("UserRecordInput")) },
        responses: {
          "200": answer("Saved", {
            type: "object",
            properties: { _id: { type: "string" }, modifiedCount: { type: "integer" } },
          }),
          ...inputErrors,
          "401": errorAnswer("Not signed in"),
          "403": errorAnswer("Not your own account"),
        },
      },
    ]),
  ),
  ...Object.fromEntries(
    (["make-admin", "revoke-admin"] as const).map((action) => [
      `/api/users/${action}`,
      {
        post: {
          tags: ["Users"],
          security: SIGNED_IN,
          summary: action === "make-admin" ? "Make a user admin" : "Take the admin role away (never the last admin)",
          requestBody: { required: true, content: json(ref("RoleChangeInput")) },
          responses: {
            "200": answer("`modifiedCount` 1, or 0 with a `message`", ref("Modified")),
            ...inputErrors,
            ...adminErrors,
            "409": errorAnswer("The last admin cannot be demoted"),
          },
        },
      },
    ]),
  ),
};

export function buildOpenApiDocument(baseUrl: string): JsonObject {
  const all = Object.values(collections);
  return {
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
    tags: [
      ...all.map((collection) => ({ name: collection.headings.list })),
      { name: "Review queue" },
      { name: "Users" },
    ],
    paths: {
      ...Object.assign({}, ...all.map(collectionPaths)),
      ...reviewPaths,
      ...userPaths,
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        token: { type: "http", scheme: "bearer", description: "A personal API token from /dashboard/api-tokens" },
      },
      schemas: {
        ...Object.assign({}, ...all.map(collectionSchemas)),
        ResultSubmission: jsonSchema(resultSubmissionInput),
        UserRecordInput: jsonSchema(userRecordInput),
        RoleChangeInput: jsonSchema(roleChangeInput),
        User: {
          type: "object",
          properties: {
            _id: { type: "string" },
            displayName: { type: "string" },
            email: { type: "string" },
            role: { const: "admin", description: "Absent for General users" },
          },
          required: ["_id", "displayName", "email"],
        },
        Inserted: {
          type: "object",
          properties: { acknowledged: { const: true }, insertedId: { type: "string" } },
          required: ["acknowledged", "insertedId"],
        },
        Modified: {
          type: "object",
          properties: { modifiedCount: { type: "integer" }, message: { type: "string" } },
          required: ["modifiedCount"],
        },
        Deleted: {
          type: "object",
          properties: { deletedCount: { type: "integer" }, message: { type: "string" } },
          required: ["deletedCount"],
        },
        Error: {
          type: "object",
          properties: {
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "string" }, description: "Text per bad field" },
          },
          required: ["message"],
        },
      },
    },
  };
}
