import type { Collection } from "../../core/collection";
import { eventsCollection } from "../events/events.collection";
import { studentsCollection } from "../members/students.collection";
import { DASHBOARD_PATH } from "./collection-screens";
import { executivesCollection } from "./executives.collection";
import { noticesCollection } from "./notices.collection";
import { recentEventsCollection } from "./recent-events.collection";
import { resultsCollection } from "./results.collection";
import { teachersCollection } from "./teachers.collection";

/**
 * The managed collections (browser-safe); their database side is collections.server.ts.
 * routes.ts makes each one's dashboard screens and API calls from this list, and the
 * generic route modules find their collection by the route that matched (its pattern), so
 * no path is written twice. (routes.ts loads these modules outside the app's build, without
 * its `~` alias: collection.ts and the `*.collection.ts` files import by relative paths.)
 */
export const collections = {
  events: eventsCollection,
  notices: noticesCollection,
  students: studentsCollection,
  teachers: teachersCollection,
  executives: executivesCollection,
  results: resultsCollection,
  "recent-events": recentEventsCollection,
} satisfies Record<string, Collection>;

export type CollectionKey = keyof typeof collections;

const allCollections: Collection[] = Object.values(collections);

export const API_PATH = "api";

/** The route patterns of each collection's screens and calls, as routes.ts declares them. */
export const collectionPatterns = {
  list: (collection: Collection) => `${DASHBOARD_PATH}/${collection.screens.list}`,
  add: (collection: Collection) => `${DASHBOARD_PATH}/${collection.screens.add}`,
  /** The current view of the list as CSV: `/dashboard/students.csv?batch=6`. */
  export: (collection: Collection) => `${DASHBOARD_PATH}/${collection.screens.list}.csv`,
  import: (collection: Collection) => `${DASHBOARD_PATH}/${collection.screens.list}/import`,
  apiAdd: (collection: Collection) => `${API_PATH}/${collection.api.add}`,
  apiItem: (collection: Collection) => `${API_PATH}/${collection.api.item}/:id`,
};

export type CollectionRoute = keyof typeof collectionPatterns;

/**
 * The collection whose `route` matched this pattern (a loader's `pattern` argument). React
 * Router joins the matched routes' paths, which starts with "/" or not depending on how
 * the root is matched, so the leading slash is not compared.
 */
export function collectionOfRoute(route: CollectionRoute, pattern: string): Collection | undefined {
  const wanted = pattern.replace(/^\/+/, "");
  return allCollections.find((collection) => collectionPatterns[route](collection) === wanted);
}

export function isCollectionKey(value: string | undefined): value is CollectionKey {
  return value !== undefined && Object.hasOwn(collections, value);
}

/** The collection a loader named by its key (a page's data can't carry the definition's functions). */
export function collectionByKey(key: string): Collection {
  if (!isCollectionKey(key)) throw new Error(`No collection ${key}`);
  return collections[key];
}

/** The dashboard's edit screen of one row (`/dashboard/:collection/:id/edit`). */
export function editPath(collection: Collection, id: string): string {
  return `/${DASHBOARD_PATH}/${collection.key}/${id}/edit`;
}
