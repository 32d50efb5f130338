import fsp from "node:fs/promises";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { STANDINGS_MAX_BYTES } from "~/domain/importers/read-standings.server";
import { requirePermission } from "~/domain/session.server";
import { importSource, prepareImport, publishPreview, savePreview, toApiPreview } from "~/domain/standings.server";
import { inEnglish, sayRefusal } from "~/domain/standings-text.server";
import { translatorOf } from "~/i18n/translate.server";
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
    if (!source.ok) {
      const message = inEnglish(source.message);
      return jsonError(source.status, message, { [source.field]: message });
    }
    const { bytes, fileName } = source;
    const prepared = await prepareImport(app.db, { fields: received.fields, bytes, fileName });
    if (!prepared.ok) {
      const { message, errors } = sayRefusal(translatorOf("en"), prepared);
      return jsonError(prepared.status, message, errors);
    }
    if (new URL(request.url).searchParams.get("dryRun") === "1") {
      return Response.json({ preview: toApiPreview(prepared.preview) });
    }
    const id = await savePreview(app.db, { input: prepared.input, preview: prepared.preview, source: bytes, fileName });
    const slug = await publishPreview(app.db, id);
    await recordAudit(app.db, actor, { action: "import", entity: "contests", entityId: id, label: slug ?? fileName });
    return Response.json({ contestId: id, slug }, { status: 201 });
  } finally {
    if (received.kind === "file") await fsp.rm(received.file.path, { force: true });
  }
}
