import { appContext } from "~/core/context";
import { buildOpenApiDocument } from "~/wiring/openapi.server";
import type { Route } from "./+types/openapi";
import { apiRoutes } from "./definitions";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (built once per process). */
export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  document ??= buildOpenApiDocument(app.config.BASE_URL, apiRoutes);
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
}
