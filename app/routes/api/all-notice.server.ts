import { defineApiRoute } from "~/domain/api-route.server";
import { collectionReadDocs } from "~/domain/collection-api.server";
import { collectionServices } from "~/domain/collections.server";
import { listNotices } from "~/domain/notices.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/all-notice",
  get: {
    ...collectionReadDocs(collectionServices.notices),
    handle: ({ app }) => jsonRead(app, "notices", () => listNotices(app.db)),
  },
});
