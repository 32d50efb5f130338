import { invalidInput, jsonError, readJsonBody } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, deleted, idParams, modified, NOT_FOUND } from "~/core/api-answers.server";
import { apiRecordOf, onClubClocks } from "~/core/api-records";
import { defineApiRoute, serveByPattern } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import type { Collection } from "~/core/collection";
import { readClubTimeZone } from "~/core/settings.server";
import { collectionPatterns } from "~/features/collections/collections";
import { type CollectionService, collectionServices } from "~/features/collections/collections.server";
import { announceSoon } from "~/features/notifications/announcements.server";

const noStore = { "Cache-Control": "no-store" };

const notFoundMessage = (collection: Collection, id: string) => `No ${collection.noun} has the id ${id}.`;

/**
 * GET /api/{collection}/{id} (the record an edit starts from, pending ones included); PUT →
 * `{ modifiedCount }`, 404 for an unknown id; DELETE → `{ deletedCount }`, and
 * `{ deletedCount: 0, message }` for an unknown id. routes.ts makes one route here for each
 * collection (`/api/event/:id`, `/api/notices/:id`…).
 */
function itemRoute(service: CollectionService) {
  const { collection, inputSchema, recordSchema } = service;
  const tag = collection.headings.list;
  return defineApiRoute({
    path: `/${collectionPatterns.apiItem(collection).replace(":id", "{id}")}` as `/api/${string}/{id}`,
    params: idParams,
    get: {
      tag,
      summary: `One ${collection.noun} (pending ones too)`,
      access: "edit-content",
      answers: { 200: { description: "The record", schema: recordSchema }, ...ADMIN_ONLY, ...NOT_FOUND },
      handle: async ({ app, params }) => {
        const row = await service.get(app.db, params.id);
        if (!row) return jsonError(404, notFoundMessage(collection, params.id));
        return Response.json(apiRecordOf(collection, row, await readClubTimeZone(app)), { headers: noStore });
      },
    },
    put: {
      tag,
      summary: `Edit a ${collection.noun} (every field, as when adding)`,
      access: "edit-content",
      body: inputSchema,
      answers: { 200: { description: "Saved", schema: modified }, ...BAD_BODY, ...ADMIN_ONLY, ...NOT_FOUND },
      handle: async ({ request, app, params, user }) => {
        const actor = actorOf(request, user);
        const body = onClubClocks(collection, await readJsonBody(request), await readClubTimeZone(app));
        const written = await service.update(app.db, params.id, body, actor);
        if (written === "missing") return jsonError(404, notFoundMessage(collection, params.id));
        if (!written.ok) return invalidInput(written.errors);
        // An edit may publish a draft: its subscribers hear of it now, not at the next minute.
        await announceSoon(app);
        return Response.json({ modifiedCount: 1 }, { headers: noStore });
      },
    },
    delete: {
      tag,
      summary: `Delete a ${collection.noun}`,
      access: "edit-content",
      answers: {
        200: {
          description: "Deleted (`deletedCount` 1), or nothing had that id (`deletedCount` 0 and a `message`)",
          schema: deleted,
        },
        ...ADMIN_ONLY,
      },
      handle: async ({ request, app, params, user }) => {
        // The spec's contract (section 8): a delete that found nothing is still 200, saying so.
        const deletedCount = await service.remove(app.db, params.id, actorOf(request, user));
        const body = deletedCount
          ? { deletedCount }
          : { deletedCount, message: notFoundMessage(collection, params.id) };
        return Response.json(body, { headers: noStore });
      },
    },
  });
}

export const apiRoutes = Object.values(collectionServices).map(itemRoute);

export const served = serveByPattern(apiRoutes);
