import { defineApiRoute } from "~/domain/api-route.server";
import { collectionReadDocs } from "~/domain/collection-api.server";
import { collectionServices } from "~/domain/collections.server";
import { listResults } from "~/domain/results.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/results",
  get: {
    ...collectionReadDocs(collectionServices.results),
    handle: ({ app }) => jsonRead(app, "results", () => listResults(app.db)),
  },
});
