import { matchRoutes, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { UNKNOWN_PATH_STAND_IN, unknownPathMatcher } from "../../server/unknown-paths";

/** Route shapes as app/routes.ts has them: an index, layouts with and without a path, params, splats. */
const ROUTES = [
  { id: "root", path: "" },
  { id: "index", parentId: "root", index: true },
  { id: "about", parentId: "root", path: "about" },
  { id: "events", parentId: "root", path: "events" },
  { id: "events-default", parentId: "events", index: true },
  { id: "events-category", parentId: "events", path: ":category" },
  { id: "events-event", parentId: "events", path: ":category/:slug" },
  { id: "event-calendar", parentId: "root", path: "events/:category/:slug/event.ics" },
  { id: "layout", parentId: "root" },
  { id: "notice-slug", parentId: "layout", path: "notice/:slug" },
  { id: "dashboard", parentId: "root", path: "dashboard" },
  { id: "dashboard-edit", parentId: "dashboard", path: ":collection/:id/edit" },
  { id: "api-not-found", parentId: "root", path: "api/*" },
  { id: "routes/not-found", parentId: "root", path: "*" },
];

const build = { routes: Object.fromEntries(ROUTES.map((route) => [route.id, route])) } as unknown as ServerBuild;

/** What React Router itself says, matching against every route. */
function matchedByEveryRoute(path: string, routes = ROUTES): boolean {
  const nest = (parentId?: string): Parameters<typeof matchRoutes>[0] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: nest(route.id) },
      );
  return matchRoutes(nest(), path)?.at(-1)?.route.id === "routes/not-found";
}

const PATHS = ["/", "/about", "/ABOUT", "/ab%6Fut", "/about/more", "/events", "/events/seminar", "/events/a/b"];
PATHS.push("/events/a/b/event.ics", "/events/a/b/c", "/notice/x", "/notice", "/notice/x/y", "/dashboard/a/b/edit");
PATHS.push("/dashboard/nope", "/api/nope", "/made-up", "/made-up/deeper", "/made-up/profile", "//about");

describe("telling paths the site has no page for", () => {
  const isUnknown = unknownPathMatcher(build, new Set(["assets", "favicon.svg", "media"]));

  it("answers as React Router's own match would, for pages, their neighbours and made-up paths", () => {
    for (const path of [...PATHS, UNKNOWN_PATH_STAND_IN]) expect(isUnknown(path), path).toBe(matchedByEveryRoute(path));
    expect(isUnknown("/made-up")).toBe(true);
    expect(isUnknown("/about")).toBe(false);
  });

  it("matches a made-up first word against the routes that take any word, when there are some", () => {
    const routes = [...ROUTES, { id: "profile", parentId: "root", path: ":handle/profile" }];
    const withParam = {
      routes: Object.fromEntries(routes.map((route) => [route.id, route])),
    } as unknown as ServerBuild;
    const matcher = unknownPathMatcher(withParam, new Set());
    for (const path of PATHS) expect(matcher(path), path).toBe(matchedByEveryRoute(path, routes));
    expect(matcher("/made-up/profile")).toBe(false);
  });

  it("leaves files served before the app, client navigations' data requests and malformed paths alone", () => {
    for (const path of ["/assets/x.js", "/favicon.svg", "/media/abc.png", "/made-up.data", "/%E0%A4%A"]) {
      expect(isUnknown(path), path).toBe(false);
    }
  });

  it("refuses to start when the stand-in became a page", () => {
    const taken = { routes: { ...build.routes, page: { id: "page", parentId: "root", path: "404" } } };
    expect(() => unknownPathMatcher(taken as unknown as ServerBuild, new Set())).toThrow(/is a page of the site now/);
  });
});
