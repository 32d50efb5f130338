import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { AUDIT_ACTIONS } from "~/core/audit";
import { auditFilterOf, listAuditPage } from "~/core/audit.server";
import { readClubTimeZone } from "~/core/settings.server";

const auditPage = z
  .strictObject({
    entries: z.array(
      z.strictObject({
        id: z.number().int(),
        at: z.string(),
        actorEmail: z.string(),
        ip: z.string(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string(),
        label: z.string(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "AuditPage" });

/**
 * GET /api/audit?person=&entity=&action=&from=&to=&page= (admins): the audit log, newest first,
 * 50 a page. Nobody changes or removes an audit entry through the product: no other method.
 */
export const apiRoute = defineApiRoute({
  path: "/api/audit",
  get: {
    tag: "Users",
    summary: "The audit log, newest first, 50 a page: who changed what, when, from where",
    access: "manage-site",
    query: z.object({
      person: z.string().optional().meta({ description: "Part of the person's email" }),
      entity: z.string().optional(),
      action: z.enum(AUDIT_ACTIONS).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      page: z.string().optional(),
    }),
    answers: {
      200: { description: "One page of entries", schema: auditPage },
      400: failure("A filter that can't be read (named in `errors`)"),
      ...ADMIN_ONLY,
    },
    handle: async ({ app, url }) => {
      const { filter, errors } = auditFilterOf(url.searchParams);
      if (Object.keys(errors).length) return jsonError(400, Object.values(errors)[0] ?? "Bad filter", errors);
      const { items, page, pageCount, total } = await listAuditPage(app.db, filter, await readClubTimeZone(app));
      return Response.json({ entries: items, page, pageCount, total }, { headers: { "Cache-Control": "no-store" } });
    },
  },
});
