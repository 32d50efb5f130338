import fsp from "node:fs/promises";
import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf, recordAudit } from "~/core/audit.server";
import { STANDINGS_MAX_BYTES } from "~/features/standings/importers/read-standings.server";
import {
  importSource,
  prepareImport,
  publishPreview,
  savePreview,
  standingsPreviewAnswer,
  toApiPreview,
} from "~/features/standings/standings.server";
import { inEnglish, sayRefusal } from "~/features/standings/standings-text.server";
import { translatorOf } from "~/i18n/translate.server";
import { receiveMultipartFile, uploadTempDir } from "~/lib/upload-stream.server";

/**
 * `POST /api/standings/import` (admins, multipart: `format`, `file` or for Codeforces
 * `codeforces_contest`, `name`, `held_on`, `replaces`): reads a judge's file and publishes its
 * standings; `?dryRun=1` answers the preview and saves nothing.
 */
export const apiRoute = defineApiRoute({
  path: "/api/standings/import",
  post: {
    tag: "Standings",
    summary:
      "Import a contest's standings from a judge's file (multipart: `format`, `file` or `codeforces_contest`, `name`, `held_on`, `replaces`)",
    description:
      "`format` is one of clics (a contest package .zip), domjudge-results, icpc-scoreboard, codeforces, vjudge, csv. " +
      "People are matched to member profiles by judge handle or email. `?dryRun=1` answers the preview and saves nothing; " +
      "otherwise the standings are published (replacing those of the contest named by `replaces`).",
    access: "edit-content",
    query: z.object({ dryRun: z.enum(["1"]).optional() }),
    answers: {
      200: { description: "The preview (dryRun)", schema: z.strictObject({ preview: standingsPreviewAnswer }) },
      201: {
        description: "Published",
        schema: z.strictObject({ contestId: z.string(), slug: z.string() }).meta({ id: "StandingsImported" }),
      },
      400: failure("A bad field, no file, or a file that is not of the chosen format (the message names where)"),
      ...ADMIN_ONLY,
      413: failure(
        "The file is over 10 MB, or past an import's limits (teams, problems, lines, inflated bytes of a package, memory or time of its reading; the message names the limit)",
      ),
      422: failure("The file could not be read: its reader failed on it (the message gives the reason)"),
      502: failure("Codeforces could not be reached, or refused the contest id"),
    },
    handle: async ({ request, app, user }) => {
      const actor = actorOf(request, user);
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
        const id = await savePreview(app.db, {
          input: prepared.input,
          preview: prepared.preview,
          source: bytes,
          fileName,
        });
        const slug = await publishPreview(app.db, id);
        await recordAudit(app.db, actor, {
          action: "import",
          entity: "contests",
          entityId: id,
          label: slug ?? fileName,
        });
        return Response.json({ contestId: id, slug }, { status: 201 });
      } finally {
        if (received.kind === "file") await fsp.rm(received.file.path, { force: true });
      }
    },
  },
});
