import { z } from "zod";
import { invalidInput, parseJsonBody, readJsonBody } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, inserted, RATE_LIMITED } from "~/core/api-answers.server";
import { onClubClocks } from "~/core/api-records";
import { type ApiAccess, type ApiHandlerArgs, defineApiRoute, serveByPattern } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import type { AppContext } from "~/core/context";
import { can } from "~/core/roles";
import { readClubTimeZone } from "~/core/settings.server";
import { collectionPatterns } from "~/features/collections/collections";
import { type CollectionService, collectionServices } from "~/features/collections/collections.server";
import { announceSoon } from "~/features/notifications/announcements.server";
import { submissionResponse, submitForReview } from "~/features/review/submissions.server";

/**
 * POST /api/add-event, /api/add-notice, /api/add-student, /api/add-teacher, /api/add-executive,
 * /api/add-result and /api/add-recent-event (routes.ts makes one route here for each):
 * `{ acknowledged, insertedId }`.
 * Admins publish; a notice from anyone else goes to the review queue.
 */
function addRoute(service: CollectionService) {
  const { collection, inputSchema } = service;
  // The spec's own notice form posts here without signing in: like /notice-form, a visitor's
  // notice waits in the review queue instead of being refused.
  const isNotices = collection.key === "notices";
  const access: ApiAccess = isNotices ? "anyone" : "edit-content";
  return defineApiRoute({
    path: `/${collectionPatterns.apiAdd(collection)}`,
    post: {
      tag: collection.headings.list,
      summary: `Add a ${collection.noun}`,
      access,
      ...(isNotices && {
        description: "Admins and editors publish at once; anyone else's notice waits in the review queue.",
      }),
      body: inputSchema,
      answers: { 201: { description: "Added", schema: inserted }, ...BAD_BODY, ...ADMIN_ONLY, ...RATE_LIMITED },
      handle: (args) => add(service, args),
    },
  });
}

async function add(service: CollectionService, { request, app, user }: ApiHandlerArgs<string, ApiAccess, z.ZodType>) {
  if (!user || !can(user, "edit-content")) return submitNoticeForReview(request, app);
  const actor = actorOf(request, user);
  const body = onClubClocks(service.collection, await readJsonBody(request), await readClubTimeZone(app));
  const written = await service.create(app.db, body, actor);
  if (!written.ok) return invalidInput(written.errors);
  await announceSoon(app);
  return Response.json(
    { acknowledged: true, insertedId: written.id },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}

async function submitNoticeForReview(request: Request, app: AppContext) {
  const body = await parseJsonBody(request, z.record(z.string(), z.unknown(), { error: "Send a JSON object." }));
  return submissionResponse(await submitForReview(request, app, "notices", body));
}

export const apiRoutes = Object.values(collectionServices).map(addRoute);

export const served = serveByPattern(apiRoutes);
