import fsp from "node:fs/promises";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DomjudgeExportLinks } from "~/components/domjudge-export-links";
import { FeedbackMessage } from "~/components/feedback";
import { SelectField } from "~/components/select-field";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { actorOf, recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { listResults } from "~/features/collections/results.server";
import { listEvents } from "~/features/events/events.server";
import { STANDINGS_MAX_BYTES } from "~/features/standings/importers/read-standings.server";
import { STANDINGS_FORMATS, type StandingsText } from "~/features/standings/standings";
import { importSource, listContests, prepareImport, savePreview } from "~/features/standings/standings.server";
import { sayRefusal, sayStandings } from "~/features/standings/standings-text.server";
import { Message, useFormat, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import { receiveMultipartFile, uploadTempDir } from "~/lib/upload-stream.server";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenAction, screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/standings";

/** Contests with standings: the list, and importing a judge's file (previewed before it is published). */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => {
  const db = context.get(appContext).db;
  const [contests, events, results] = await Promise.all([listContests(db, true), listEvents(db), listResults(db)]);
  return {
    contests,
    events: events.map((event) => ({ value: event._id, label: event.name })),
    results: results.map((result) => ({ value: result._id, label: result.name })),
    maxMegabytes: STANDINGS_MAX_BYTES / (1024 * 1024),
  };
});

/**
 * Not a dashboardAction: the judge's file (up to STANDINGS_MAX_BYTES) is streamed to a temporary
 * file as it arrives, where dashboardAction would read the whole form into memory first; and its
 * one answer on success is a redirect to the preview.
 */
export const action = screenAction(async ({ request, context }: Route.ActionArgs, user) => {
  const actor = actorOf(request, user);
  const app = context.get(appContext);
  const translator = translatorFor(request);
  const say = (text: StandingsText) => sayStandings(translator, text);
  const received = await receiveMultipartFile(request, {
    field: "file",
    maxBytes: STANDINGS_MAX_BYTES,
    tempDir: uploadTempDir(app.config.DATA_DIR),
  });
  const values = received.fields;
  try {
    const source = await importSource(received, app.config.CODEFORCES_API_URL);
    if (!source.ok) {
      const message = say(source.message);
      return data<ActionResult>({ tone: "error", message, errors: { [source.field]: message }, values }, source.status);
    }
    const { bytes, fileName } = source;
    const prepared = await prepareImport(app.db, { fields: values, bytes, fileName });
    if (!prepared.ok) {
      const { message, errors } = sayRefusal(translator, prepared);
      return data<ActionResult>({ tone: "error", message, errors, values }, prepared.status);
    }
    const id = await savePreview(app.db, { input: prepared.input, preview: prepared.preview, source: bytes, fileName });
    await recordAudit(app.db, actor, { action: "import", entity: "contests", entityId: id, label: fileName });
    throw redirect(`/dashboard/standings/${id}`);
  } finally {
    if (received.kind === "file") await fsp.rm(received.file.path, { force: true });
  }
});

export default function Standings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const t = useT();
  const format = useFormat();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.standings.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{t("tools.standings.intro")}</p>
      <p>
        <DomjudgeExportLinks />
      </p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null
        }
      />
      <Form method="post" encType="multipart/form-data" noValidate className="card flex max-w-xl flex-col gap-4 p-6">
        <h2 className="text-lg font-bold text-navy-900">{t("tools.standings.importHeading")}</h2>
        <SelectField
          id="standings-format"
          name="format"
          label={t("tools.standings.format")}
          value={values.format ?? "clics"}
          choices={STANDINGS_FORMATS.map((kind) => ({ value: kind, label: t(`tools.standings.formatLabel.${kind}`) }))}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="standings-file" className="text-sm font-medium text-slate-800">
            {t("tools.standings.file")}
          </label>
          <input
            id="standings-file"
            type="file"
            name="file"
            required
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? "standings-file-error" : "standings-file-hint"}
            className="file-input"
          />
          <p id="standings-file-hint" className="text-sm text-slate-600">
            <Message
              id="tools.standings.fileHint"
              values={{ size: loaderData.maxMegabytes }}
              components={{
                0: (
                  // biome-ignore lint/a11y/useAnchorContent: the message puts the link's words inside
                  <a
                    href="/dashboard/standings/template.csv"
                    className="font-medium text-navy-700 underline"
                    download
                  />
                ),
              }}
            />
          </p>
          {errors.file && (
            <p id="standings-file-error" className="text-sm text-red-700">
              {errors.file}
            </p>
          )}
        </div>
        <TextField
          label={t("tools.standings.codeforcesContest")}
          name="codeforces_contest"
          inputMode="numeric"
          maxLength={7}
          defaultValue={values.codeforces_contest}
          error={errors.codeforces_contest}
        />
        <TextField
          label={t("tools.standings.name")}
          name="name"
          maxLength={200}
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label={t("tools.standings.heldOn")}
          name="held_on"
          type="date"
          defaultValue={values.held_on}
          error={errors.held_on}
        />
        <SelectField
          id="standings-replaces"
          name="replaces"
          label={t("tools.standings.replaces")}
          value={values.replaces ?? ""}
          choices={[
            { value: "", label: t("tools.standings.newContest") },
            ...loaderData.contests
              .filter((contest) => contest.status === "published")
              .map((contest) => ({ value: contest.id, label: contest.name })),
          ]}
        />
        <SelectField
          id="standings-event"
          name="event_id"
          label={t("tools.standings.event")}
          value={values.event_id ?? ""}
          choices={[{ value: "", label: t("tools.standings.none") }, ...loaderData.events]}
        />
        <SelectField
          id="standings-result"
          name="result_id"
          label={t("tools.standings.result")}
          value={values.result_id ?? ""}
          choices={[{ value: "", label: t("tools.standings.none") }, ...loaderData.results]}
        />
        <button type="submit" className="btn-navy self-start" disabled={navigation.state !== "idle"}>
          {t("tools.standings.preview")}
        </button>
      </Form>
      {navigation.state !== "idle" && <Spinner />}
      <h2 className="text-lg font-bold text-navy-900">{t("tools.standings.listHeading")}</h2>
      {loaderData.contests.length === 0 ? (
        <p className="card p-6 text-slate-600">{t("tools.standings.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {loaderData.contests.map((contest) => (
            <li key={contest.id} className="card flex flex-wrap items-center justify-between gap-2 p-4">
              <span>
                <Link to={`/dashboard/standings/${contest.id}`} className="font-semibold text-navy-700 underline">
                  {contest.name}
                </Link>
                <span className="block text-sm text-slate-600">
                  {[contest.heldOn && format.date(contest.heldOn), t(`tools.standings.formatLabel.${contest.format}`)]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
              <span className={contest.status === "preview" ? "font-semibold text-amber-800" : "text-green-800"}>
                {contest.status === "preview"
                  ? t("tools.standings.previewStatus")
                  : t("tools.standings.publishedStatus")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
