import { jsonRead } from "~/core/api.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listResults } from "~/features/collections/results.server";

export const apiRoute = defineApiRoute({
  path: "/api/results",
  get: {
    ...collectionReadDocs(collectionServices.results),
    handle: ({ app }) => jsonRead(app, "results", () => listResults(app.db)),
  },
});
