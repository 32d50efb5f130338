import type { z } from "zod";
import { jsonError, parseJsonBody } from "~/core/api.server";
import { type AppContext, appContext } from "~/core/context";
import type { Permission } from "./roles";
import {
  getSessionUser,
  requirePermission,
  requireUser,
  requireVerifiedUser,
  type SessionUser,
} from "./session.server";

/**
 * One API call, written once: its route module's loader and action, the 405 of every other
 * method and its entry in the OpenAPI document all come from its definition.
 */

export const API_METHODS = ["get", "post", "put", "delete"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/**
 * Who may call, checked before the handler runs and stated in the document: anyone without
 * signing in ("public"), anyone, signed in or not, the handler deciding by who it is
 * ("anyone"), any signed-in person, one whose address is confirmed, or the holders of a
 * permission of roles.ts.
 */
export type ApiAccess = "public" | "anyone" | "signed-in" | "verified" | Permission;

export interface ApiAnswer {
  description: string;
  schema: z.ZodType;
  headers?: z.ZodObject;
}

/** The `{id}` names of an OpenAPI path template. */
type PathParams<P extends string> = string extends P
  ? Record<string, string>
  : P extends `${string}{${infer Name}}${infer Rest}`
    ? { [K in Name | keyof PathParams<Rest>]: string }
    : Record<never, string>;

type UserFor<A extends ApiAccess> = A extends "public"
  ? undefined
  : A extends "anyone"
    ? SessionUser | null
    : SessionUser;

export interface ApiHandlerArgs<P extends string, A extends ApiAccess, B extends z.ZodType> {
  request: Request;
  app: AppContext;
  url: URL;
  params: PathParams<P>;
  /** Who called, as `access` found them (nobody is looked up for a public call). */
  user: UserFor<A>;
  /** The JSON body checked with the call's `body` schema: 415 or 400 naming every wrong field. */
  body: () => Promise<z.output<B>>;
}

export interface ApiOperation<
  P extends string = string,
  A extends ApiAccess = ApiAccess,
  B extends z.ZodType = z.ZodType,
> {
  tag: string;
  summary: string;
  description?: string;
  access: A;
  query?: z.ZodObject;
  body?: B;
  /** The body is a multipart form with a `file` (the document says so; the handler reads it). */
  multipart?: boolean;
  answers: Record<number, ApiAnswer>;
  handle(args: ApiHandlerArgs<P, A, B>): Response | Promise<Response>;
}

/** A definition as the document and the dispatch see it: its handlers' types erased. */
export interface ApiRouteDefinition {
  /** OpenAPI path template: `/api/events/{id}/registrations`. */
  path: string;
  /** The path's `{name}` parameters, described for the document. */
  params?: z.ZodObject;
  get?: ApiOperation;
  post?: ApiOperation;
  put?: ApiOperation;
  delete?: ApiOperation;
}

/** A definition with the loader and action React Router calls. */
export interface ApiRoute extends ApiRouteDefinition {
  loader: RouteHandler;
  action: RouteHandler;
}

interface RouteArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContext };
  params: Record<string, string | undefined>;
  pattern: string;
}
type RouteHandler = (args: RouteArgs) => Promise<Response>;

/**
 * Typed per method: the handler's `params`, `user` and `body` follow the definition's path,
 * `access` and `body` schema.
 */
export function defineApiRoute<
  P extends string,
  GA extends ApiAccess = never,
  PA extends ApiAccess = never,
  UA extends ApiAccess = never,
  DA extends ApiAccess = never,
  GB extends z.ZodType = z.ZodType,
  PB extends z.ZodType = z.ZodType,
  UB extends z.ZodType = z.ZodType,
  DB extends z.ZodType = z.ZodType,
>(definition: {
  path: P;
  params?: z.ZodObject;
  get?: ApiOperation<P, GA, GB>;
  post?: ApiOperation<P, PA, PB>;
  put?: ApiOperation<P, UA, UB>;
  delete?: ApiOperation<P, DA, DB>;
}): ApiRoute {
  const route = definition as unknown as ApiRouteDefinition;
  const serve = (args: RouteArgs) => serveCall(route, args);
  return { ...route, loader: serve, action: serve };
}

/**
 * One route module answering several routes (one per collection, say): the definition whose
 * path is the pattern that matched answers.
 */
export function serveByPattern(routes: readonly ApiRoute[]): { loader: RouteHandler; action: RouteHandler } {
  const serve = (args: RouteArgs) => {
    const wanted = args.pattern.replace(/^\/+/, "");
    const route = routes.find((candidate) => routePattern(candidate.path) === wanted);
    return route ? serveCall(route, args) : Promise.resolve(jsonError(404, "Not found"));
  };
  return { loader: serve, action: serve };
}

/** The React Router pattern of an OpenAPI path template: `/api/users/{email}` → `api/users/:email`. */
export function routePattern(path: string): string {
  return path.replace(/^\/+/, "").replace(/\{([^}]+)\}/g, ":$1");
}

/** The methods a definition answers, as an `Allow` header lists them. */
export function allowedMethods(route: ApiRouteDefinition): string[] {
  const methods = API_METHODS.filter((method) => route[method]).map((method) => method.toUpperCase());
  return methods.includes("GET") ? ["GET", "HEAD", ...methods.filter((method) => method !== "GET")] : methods;
}

/** GET, HEAD and OPTIONS reach the loader, which answers them as GET. */
function operationOf(route: ApiRouteDefinition, method: string): ApiOperation | undefined {
  const lower = method.toLowerCase();
  if (lower === "head" || lower === "options") return route.get;
  return API_METHODS.includes(lower as ApiMethod) ? route[lower as ApiMethod] : undefined;
}

async function serveCall(route: ApiRouteDefinition, { request, context, params }: RouteArgs): Promise<Response> {
  const operation = operationOf(route, request.method);
  if (!operation) return methodNotAllowed(route);
  const app = context.get(appContext);
  const user = await userFor(operation.access, request, app);
  return operation.handle({
    request,
    app,
    url: new URL(request.url),
    params: params as PathParams<string>,
    user: user as SessionUser,
    body: () => parseJsonBody(request, operation.body as z.ZodType),
  });
}

async function userFor(access: ApiAccess, request: Request, app: AppContext): Promise<SessionUser | null | undefined> {
  switch (access) {
    case "public":
      return undefined;
    case "anyone":
      return getSessionUser(request, app);
    case "signed-in":
      return requireUser(request, app);
    case "verified":
      return requireVerifiedUser(request, app);
    default:
      return requirePermission(request, app, access);
  }
}

function methodNotAllowed(route: ApiRouteDefinition): Response {
  const allowed = allowedMethods(route);
  const named = allowed.filter((method) => method !== "HEAD");
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} or ${named.at(-1)}` : named[0];
  const response = jsonError(405, `Use ${list}.`);
  response.headers.set("Allow", allowed.join(", "));
  return response;
}
