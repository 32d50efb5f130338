import fsp from "node:fs/promises";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { STANDINGS_MAX_BYTES } from "~/domain/importers/read-standings.server";
import { requirePermission } from "~/domain/session.server";
import { importSource, prepareImport, publishPreview, savePreview } from "~/domain/standings.server";
import { jsonError } from "~/lib/api.server";
import { receiveMultipartFile, uploadTempDir } from "~/lib/upload-stream.server";
import type { Route } from "./+types/standings-import";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * `POST /api/standings/import` (admins, multipart: `format`, `file` or for Codeforces
 * `codeforces_contest`, `name`, `held_on`, `replaces`): reads a judge's file and publishes its
 * standings; `?dryRun=1` answers the preview and saves nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = actorOf(request, await requirePermission(request, app, "edit-content"));
  const received = await receiveMultipartFile(request, {
    field: "file",
    maxBytes: STANDINGS_MAX_BYTES,
    tempDir: uploadTempDir(app.config.DATA_DIR),
  });
  try {
    const source = await importSource(received, app.config.CODEFORCES_API_URL);
    if (!source.ok) return jsonError(source.status, source.message, { [source.field]: source.message });
    const { bytes, fileName } = source;
    const prepared = await prepareImport(app.db, { fields: received.fields, bytes, fileName });
    if (!prepared.ok) return jsonError(400, prepared.message, prepared.errors);
    const { studentIds: _matched, ...preview } = prepared.preview;
    if (new URL(request.url).searchParams.get("dryRun") === "1") return Response.json({ preview });
    const id = await savePreview(app.db, { input: prepared.input, preview: prepared.preview, source: bytes, fileName });
    const slug = await publishPreview(app.db, id);
    await recordAudit(app.db, actor, { action: "import", entity: "contests", entityId: id, label: slug ?? fileName });
    return Response.json({ contestId: id, slug }, { status: 201 });
  } finally {
    if (received.kind === "file") await fsp.rm(received.file.path, { force: true });
  }
}
