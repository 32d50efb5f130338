import type { Collection } from "../../core/collection";

/** Where the dashboard is: every screen's path is below it. */
export const DASHBOARD_PATH = "dashboard";

/**
 * Each collection's dashboard screens (below /dashboard) and whether its list takes a CSV
 * import: its description's `screens` and `csvImport` (each `*.collection.ts` spreads its
 * entry), in a module of their own because the dashboard's screens registry, which the menu of
 * every dashboard page reads, needs only these: the descriptions' fields, columns and the
 * date-and-time helpers of their cells then ship with the collections' own screens alone.
 * (routes.ts loads it outside the app's build: relative imports only.)
 */
export const collectionScreenPaths = {
  events: { screens: { list: "all-events", add: "add-event" } },
  notices: { screens: { list: "all-notice", add: "add-notice" } },
  students: { screens: { list: "students", add: "add-student" }, csvImport: true },
  teachers: { screens: { list: "teachers", add: "add-teacher" }, csvImport: true },
  executives: { screens: { list: "all-executive", add: "add-executive" } },
  results: { screens: { list: "results", add: "add-new-results" } },
  "recent-events": { screens: { list: "recent-events", add: "add-recent-event" } },
} as const satisfies Record<string, Pick<Collection, "screens" | "csvImport">>;
