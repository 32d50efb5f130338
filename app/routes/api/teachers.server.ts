import { jsonRead } from "~/core/api.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listTeachers } from "~/features/collections/teachers.server";

export const apiRoute = defineApiRoute({
  path: "/api/teachers",
  get: {
    ...collectionReadDocs(collectionServices.teachers),
    handle: ({ app }) => jsonRead(app, "teachers", () => listTeachers(app.db)),
  },
});
