import { describe, expect, it } from "vitest";
import { collectionOfRoute, collectionPatterns, collections } from "~/features/collections/collections";
import routes from "~/routes";

type RouteEntry = { id?: string; path?: string; children?: RouteEntry[] };

/** Every route's full pattern, as React Router joins its own and its parents' paths. */
function patterns(entries: RouteEntry[], parent = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of entries) {
    const pattern = [parent, entry.path].filter(Boolean).join("/");
    if (entry.id) found.set(entry.id, pattern);
    for (const [id, child] of patterns(entry.children ?? [], pattern)) found.set(id, child);
  }
  return found;
}

describe("the collection registry", () => {
  const routePatterns = patterns(routes as RouteEntry[]);

  it("makes each collection's screens and calls, found again by the pattern that matched", () => {
    for (const collection of Object.values(collections)) {
      const made = {
        list: routePatterns.get(`dashboard-list-${collection.key}`),
        add: routePatterns.get(`dashboard-add-${collection.key}`),
        apiAdd: routePatterns.get(`api-add-${collection.key}`),
        apiItem: routePatterns.get(`api-item-${collection.key}`),
      };
      for (const [route, pattern] of Object.entries(made) as [keyof typeof collectionPatterns, string][]) {
        expect(pattern, `${collection.key} ${route}`).toBe(collectionPatterns[route](collection));
        expect(collectionOfRoute(route, pattern)).toBe(collection);
        expect(collectionOfRoute(route, `/${pattern}`)).toBe(collection);
      }
    }
  });

  it("finds no collection for another route's pattern", () => {
    expect(collectionOfRoute("apiAdd", "api/users")).toBeUndefined();
    expect(collectionOfRoute("list", collectionPatterns.add(collections.notices))).toBeUndefined();
  });
});
