import { defineApiRoute } from "~/domain/api-route.server";
import { collectionReadDocs } from "~/domain/collection-api.server";
import { collectionServices } from "~/domain/collections.server";
import { listTeachers } from "~/domain/teachers.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/teachers",
  get: {
    ...collectionReadDocs(collectionServices.teachers),
    handle: ({ app }) => jsonRead(app, "teachers", () => listTeachers(app.db)),
  },
});
