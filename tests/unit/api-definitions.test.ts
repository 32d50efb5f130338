import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { type ApiRoute, allowedMethods, routePattern } from "~/core/api-route.server";
import routes from "~/routes";
import { apiRoutes } from "~/routes/api/definitions";
import { buildOpenApiDocument } from "~/wiring/openapi.server";

/** /api routes outside our own contract: better-auth's endpoints, the document itself, the JSON 404. */
const UNCONTRACTED = new Set(["api/auth/*", "api/openapi.json", "api/*"]);

function flatten(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

const apiRouteEntries = flatten(routes).filter(
  (entry) => entry.path?.startsWith("api/") && !UNCONTRACTED.has(entry.path),
);

interface RouteModule {
  loader: (args: unknown) => Promise<Response>;
  action: (args: unknown) => Promise<Response>;
}
interface DefinitionModule {
  apiRoute?: ApiRoute;
  apiRoutes?: readonly ApiRoute[];
}

const apiModules = import.meta.glob("../../app/routes/api/*.ts");

async function load<T>(file: string): Promise<T> {
  const loadModule = apiModules[`../../app/${file}`];
  if (!loadModule) throw new Error(`${file} is not a module of app/routes/api`);
  return (await loadModule()) as T;
}

const moduleOf = (entry: RouteConfigEntry) => load<RouteModule>(entry.file);

/**
 * The definition a route module's `.server` sibling gives the route (its own, or the one of its
 * several whose path it is).
 */
async function definitionOf(entry: RouteConfigEntry): Promise<ApiRoute | undefined> {
  const module = await load<DefinitionModule>(entry.file.replace(/\.ts$/, ".server.ts"));
  const definitions = module.apiRoutes ?? (module.apiRoute ? [module.apiRoute] : []);
  return definitions.find((definition) => routePattern(definition.path) === entry.path);
}

describe("API definitions", () => {
  it("has a definition, listed for the document, for every /api route of routes.ts", async () => {
    expect(apiRouteEntries.length).toBeGreaterThan(30);
    for (const entry of apiRouteEntries) {
      const definition = await definitionOf(entry);
      expect(definition, `${entry.path} (${entry.file}) has no definition`).toBeDefined();
      expect(apiRoutes, `${entry.path} is not in routes/api/definitions.ts`).toContain(definition);
    }
  });

  it("has a route in routes.ts for every definition the document lists", () => {
    const patterns = new Set(apiRouteEntries.map((entry) => entry.path));
    for (const definition of apiRoutes) expect(patterns, definition.path).toContain(routePattern(definition.path));
  });

  it("puts every method of every definition in the OpenAPI document", () => {
    const document = buildOpenApiDocument("http://localhost", apiRoutes);
    for (const definition of apiRoutes) {
      for (const method of allowedMethods(definition).filter((name) => name !== "HEAD")) {
        const operation = document.paths?.[definition.path]?.[method.toLowerCase() as "get"];
        expect(operation, `${method} ${definition.path}`).toBeDefined();
      }
    }
  });

  it("answers a method a path does not take with 405 and an Allow header, for every /api route", async () => {
    for (const entry of apiRouteEntries) {
      const module = await moduleOf(entry);
      const definition = await definitionOf(entry);
      const allowed = definition ? allowedMethods(definition) : [];
      const url = `http://localhost/${entry.path?.replace(/:(\w+)/g, "x-$1")}`;
      for (const method of ["GET", "POST", "PUT", "DELETE"].filter((name) => !allowed.includes(name))) {
        const handler = method === "GET" ? module.loader : module.action;
        const response = await handler({
          request: new Request(url, { method }),
          context: { get: () => ({}) },
          params: {},
          pattern: `/${entry.path}`,
        });
        const where = `${method} /${entry.path}`;
        expect(response.status, where).toBe(405);
        expect(response.headers.get("Allow"), where).toBe(allowed.join(", "));
        expect(await response.json(), where).toEqual({
          message: expect.stringMatching(/^Use [A-Z, ]+( or [A-Z]+)?\.$/),
        });
      }
    }
  });
});
