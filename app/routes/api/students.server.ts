import { z } from "zod";
import { jsonArrayStream, jsonRead, pageLinkHeader } from "~/core/api.server";
import { pageQuery } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { allStudents, listStudents } from "~/features/members/students.server";
import { apiPageSizeFrom, pageNumberFrom } from "~/lib/pagination";

const pageHeaders = z.object({
  "X-Total-Count": z.string().meta({ description: "Records in all (paged reads only)" }),
  Link: z.string().meta({ description: "RFC 8288 links to the first, prev, next and last page (paged reads only)" }),
});

/**
 * Without `?page=` or `?limit=`, every student as the spec says, streamed as it is read.
 * With them, one page (`limit` default 100, at most 500) with `X-Total-Count` and a `Link` header.
 */
export const apiRoute = defineApiRoute({
  path: "/api/students",
  get: {
    ...collectionReadDocs(collectionServices.students, pageHeaders),
    description:
      "Without `page` and `limit`, every student (streamed). With either, one page, with " +
      "`X-Total-Count` (students in all) and a `Link` header (first, prev, next, last).",
    query: pageQuery,
    handle: ({ app, url }) => {
      if (!url.searchParams.has("page") && !url.searchParams.has("limit")) {
        return jsonArrayStream(app, "students", allStudents(app.db));
      }
      const pageSize = apiPageSizeFrom(url.searchParams);
      return jsonRead(app, "students", async (headers) => {
        const page = await listStudents(app.db, { page: pageNumberFrom(url.searchParams), pageSize });
        headers.set("X-Total-Count", String(page.total));
        headers.set("Link", pageLinkHeader(new URL(url.pathname, app.config.BASE_URL), page, pageSize));
        return page.items;
      });
    },
  },
});
