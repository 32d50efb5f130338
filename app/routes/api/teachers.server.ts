import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listTeachers } from "~/features/collections/teachers.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/teachers",
  get: {
    ...collectionReadDocs(collectionServices.teachers),
    handle: ({ app }) => jsonRead(app, "teachers", () => listTeachers(app.db)),
  },
});
