import { defineApiRoute } from "~/domain/api-route.server";
import { collectionReadDocs } from "~/domain/collection-api.server";
import { collectionServices } from "~/domain/collections.server";
import { listExecutives } from "~/domain/executives.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/executives",
  get: {
    ...collectionReadDocs(collectionServices.executives),
    handle: ({ app }) => jsonRead(app, "executives", () => listExecutives(app.db)),
  },
});
