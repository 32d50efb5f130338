import { jsonRead } from "~/core/api.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listExecutives } from "~/features/collections/executives.server";

export const apiRoute = defineApiRoute({
  path: "/api/executives",
  get: {
    ...collectionReadDocs(collectionServices.executives),
    handle: ({ app }) => jsonRead(app, "executives", () => listExecutives(app.db)),
  },
});
