import { jsonRead } from "~/core/api.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listNotices } from "~/features/collections/notices.server";

export const apiRoute = defineApiRoute({
  path: "/api/all-notice",
  get: {
    ...collectionReadDocs(collectionServices.notices),
    handle: ({ app }) => jsonRead(app, "notices", () => listNotices(app.db)),
  },
});
