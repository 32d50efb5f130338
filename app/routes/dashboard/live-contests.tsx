import { data, Form, Link, useNavigation } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { SelectField } from "~/components/select-field";
import { TextField } from "~/components/text-field";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { FOLLOW_LIVE_CONTEST_JOB } from "~/features/live-contests/follower.server";
import { judgeConnectionInput } from "~/features/live-contests/judge-connection";
import { connectJudgeStandings } from "~/features/live-contests/judge-standings.server";
import { LIVE_CONTEST_SOURCES, livePagePath } from "~/features/live-contests/live-contests";
import {
  forgetContestState,
  type LiveContestSummary,
  listLiveContests,
  removeLiveContest,
  SlugTakenError,
  setLiveContestStatus,
} from "~/features/live-contests/live-contests.server";
import { REPLAY_SPEEDS, replaySpeedInput } from "~/features/live-contests/replay";
import {
  REPLAY_LIVE_CONTEST_JOB,
  recordingLengths,
  setReplaySpeed,
  startReplay,
} from "~/features/live-contests/replay.server";
import { sayFieldErrors } from "~/i18n/message.server";
import { type Translate, useFormat, useT } from "~/i18n/react";
import { fieldErrors } from "~/lib/field-errors";
import type { ActionResult } from "~/lib/form-actions";
import { formValues } from "~/lib/form-actions.server";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { dashboardAction, type IntentContext, intent, screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/live-contests";

/** Contests followed live from their judge: connect one (the account sealed, never shown again), pause, resume, remove. */
export const meta = screenMeta;

export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => {
  const { db } = context.get(appContext);
  const [contests, recordings] = await Promise.all([listLiveContests(db), recordingLengths(db)]);
  return { contests, recordings: Object.fromEntries(recordings) };
});

/** The fields shown again after a refused form: never the password or token. */
const KEPT_FIELDS = [
  "name",
  "slug",
  "source",
  "judgeApi",
  "judgeContestId",
  "user",
  "pollSeconds",
  "showUnofficial",
  "apiKey",
] as const;

type LiveIntent = IntentContext<Route.ActionArgs>;

/** The row a button acts on: its id, and its name for the audit. */
const rowOf = ({ form }: LiveIntent) => ({ id: String(form.get("id") ?? ""), name: String(form.get("name") ?? "") });

/** Pause or resume following a contest. */
function statusIntent(status: "paused" | "following") {
  return intent({
    what: "messages.action.saveSettings",
    run: async (context: LiveIntent) => {
      const { app, actor, t } = context;
      const { id, name } = rowOf(context);
      if (!(await setLiveContestStatus(app.db, id, status)))
        return data<ActionResult>({ tone: "info", message: t("tools.live.missing") }, 404);
      await recordAudit(app.db, actor, {
        action: "update",
        entity: "live_contests",
        entityId: id,
        label: name,
        after: { status },
      });
      if (status === "following") await app.jobs.send(FOLLOW_LIVE_CONTEST_JOB, { id }, { singletonKey: id });
      return data<ActionResult>({
        tone: "success",
        message: t(status === "paused" ? "tools.live.paused" : "tools.live.resumed"),
      });
    },
  });
}

/** Starts a replay from the start, changes its speed, or goes on with a paused one. */
function replayIntent(kind: "replay" | "replaySpeed" | "continueReplay") {
  return intent({
    what: "messages.action.saveSettings",
    input: ({ form, t }: LiveIntent) => {
      const speed = replaySpeedInput.safeParse(form.get("speed"));
      if (kind !== "continueReplay" && !speed.success)
        return { ok: false, answer: data<ActionResult>({ tone: "error", message: t("tools.live.error.speed") }, 400) };
      return { ok: true, data: speed.data ?? 0 };
    },
    run: async (context, chosen) => {
      const { app, actor, t } = context;
      const { id, name } = rowOf(context);
      const done =
        kind === "replay"
          ? await startReplay(app.db, id, chosen)
          : kind === "replaySpeed"
            ? await setReplaySpeed(app.db, id, chosen)
            : await setLiveContestStatus(app.db, id, "replaying");
      if (!done) return data<ActionResult>({ tone: "info", message: t("tools.live.replay.noRecording") }, 404);
      await recordAudit(app.db, actor, {
        action: "update",
        entity: "live_contests",
        entityId: id,
        label: name,
        after: kind === "continueReplay" ? { status: "replaying" } : { replaySpeed: chosen },
      });
      if (kind !== "replaySpeed") await app.jobs.send(REPLAY_LIVE_CONTEST_JOB, { id }, { singletonKey: id });
      return data<ActionResult>({
        tone: "success",
        message: t(kind === "replaySpeed" ? "tools.live.replay.speedSet" : "tools.live.replay.started"),
      });
    },
  });
}

export const action = dashboardAction({
  connect: intent({
    what: "messages.action.saveSettings",
    input: ({ form, t, locale }: LiveIntent) => {
      const values = formValues(form, [...KEPT_FIELDS, "password", "token", "apiSecret"]);
      const kept = Object.fromEntries(KEPT_FIELDS.map((name) => [name, values[name] ?? ""]));
      const parsed = judgeConnectionInput.safeParse(values);
      if (parsed.success) return { ok: true, data: { connection: parsed.data, kept } };
      const errors = sayFieldErrors(fieldErrors(parsed.error), locale);
      const answer = data<ActionResult>(
        { tone: "error", message: t("messages.form.invalid"), errors, values: kept },
        400,
      );
      return { ok: false, answer };
    },
    run: async ({ app, actor, t }, { connection, kept }) => {
      let id: string;
      try {
        id = await connectJudgeStandings(app.db, app.secret, connection);
      } catch (error) {
        if (!(error instanceof SlugTakenError)) throw error;
        const errors = { slug: t("tools.live.slugTaken") };
        return data<ActionResult>({ tone: "error", message: t("messages.form.invalid"), errors, values: kept }, 400);
      }
      const { name, slug, source, judgeApi, judgeContestId, showUnofficial, pollSeconds } = connection;
      // Not the account or API key: they are the contest's secrets.
      await recordAudit(app.db, actor, {
        action: "create",
        entity: "live_contests",
        entityId: id,
        label: name,
        after: { slug, source, judgeApi, judgeContestId, showUnofficial, pollSeconds },
      });
      await app.jobs.send(FOLLOW_LIVE_CONTEST_JOB, { id }, { singletonKey: id });
      return data<ActionResult>({ tone: "success", message: t("tools.live.connected"), saved: true });
    },
  }),
  pause: statusIntent("paused"),
  resume: statusIntent("following"),
  remove: intent({
    what: "messages.action.saveSettings",
    run: async (context: LiveIntent) => {
      const { app, actor, t } = context;
      const { id, name } = rowOf(context);
      if (!(await removeLiveContest(app.db, id)))
        return data<ActionResult>({ tone: "info", message: t("tools.live.missing") }, 404);
      forgetContestState(id);
      await recordAudit(app.db, actor, { action: "delete", entity: "live_contests", entityId: id, label: name });
      return data<ActionResult>({ tone: "success", message: t("tools.live.removed") });
    },
  }),
  replay: replayIntent("replay"),
  replaySpeed: replayIntent("replaySpeed"),
  continueReplay: replayIntent("continueReplay"),
});

type Row = LiveContestSummary & { _id: string };

function columnsOf(t: Translate, format: ReturnType<typeof useFormat>): TableColumn<Row>[] {
  return [
    { header: t("tools.live.colName"), cell: (contest) => ({ kind: "text", text: contest.name }) },
    {
      header: t("tools.live.colJudge"),
      cell: (contest) => ({ kind: "text", text: `${contest.judgeApi} · ${contest.judgeContestId}` }),
    },
    {
      header: t("tools.live.colStatus"),
      cell: (contest) => ({
        kind: "text",
        text: [
          t(`tools.live.status.${contest.status}`),
          contest.lastError && t("tools.live.lastError", { message: contest.lastError }),
        ]
          .filter(Boolean)
          .join(" · "),
      }),
    },
    {
      header: t("tools.live.colEvents"),
      cell: (contest) => ({ kind: "text", text: format.number(contest.eventCount) }),
    },
  ];
}

export default function LiveContests({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const navigation = useNavigation();
  const values = actionData?.saved ? {} : (actionData?.values ?? {});
  const errors = actionData?.errors ?? {};
  const rows: Row[] = loaderData.contests.map((contest) => ({ ...contest, _id: contest.id }));
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.live.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{t("tools.live.intro")}</p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null
        }
      />
      <Form
        method="post"
        noValidate
        className="card flex max-w-xl flex-col gap-4 p-6"
        key={actionData?.saved ? "saved" : "form"}
      >
        <input type="hidden" name="intent" value="connect" />
        <TextField label={t("tools.live.name")} name="name" required defaultValue={values.name} error={errors.name} />
        <TextField label={t("tools.live.slug")} name="slug" required defaultValue={values.slug} error={errors.slug} />
        <SelectField
          id="live-source"
          name="source"
          label={t("tools.live.source")}
          value={values.source ?? "clics-feed"}
          choices={LIVE_CONTEST_SOURCES.map((value) => ({ value, label: t(`tools.live.sourceLabel.${value}`) }))}
        />
        <div className="flex flex-col gap-1">
          <TextField
            label={t("tools.live.judgeApi")}
            name="judgeApi"
            type="url"
            autoComplete="off"
            defaultValue={values.judgeApi}
            error={errors.judgeApi}
          />
          <p className="text-sm text-slate-700">{t("tools.live.judgeApiHint")}</p>
        </div>
        <TextField
          label={t("tools.live.judgeContestId")}
          name="judgeContestId"
          required
          autoComplete="off"
          defaultValue={values.judgeContestId}
          error={errors.judgeContestId}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm text-slate-700">{t("tools.live.pollSecondsHint")}</legend>
          <TextField
            label={t("tools.live.pollSeconds")}
            name="pollSeconds"
            type="number"
            inputMode="numeric"
            min={2}
            max={3600}
            defaultValue={values.pollSeconds ?? "10"}
            error={errors.pollSeconds}
          />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm text-slate-700">{t("tools.live.codeforcesHint")}</legend>
          <label className="flex min-h-11 items-center gap-3 text-base text-slate-800">
            <input
              type="checkbox"
              name="showUnofficial"
              className="size-5"
              defaultChecked={values.showUnofficial === "on"}
            />
            {t("tools.live.showUnofficial")}
          </label>
          <TextField
            label={t("tools.live.apiKey")}
            name="apiKey"
            autoComplete="off"
            defaultValue={values.apiKey}
            error={errors.apiKey}
          />
          <TextField
            label={t("tools.live.apiSecret")}
            name="apiSecret"
            type="password"
            autoComplete="off"
            error={errors.apiSecret}
          />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm text-slate-700">{t("tools.live.accountHint")}</legend>
          <TextField
            label={t("tools.live.user")}
            name="user"
            autoComplete="off"
            defaultValue={values.user}
            error={errors.user}
          />
          <TextField
            label={t("tools.live.password")}
            name="password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
          />
          <TextField
            label={t("tools.live.token")}
            name="token"
            type="password"
            autoComplete="off"
            error={errors.token}
          />
        </fieldset>
        <button type="submit" className="btn-navy self-start" disabled={navigation.state !== "idle"}>
          {t("tools.live.connect")}
        </button>
      </Form>
      <DataTable
        caption={t("tools.live.heading")}
        columns={columnsOf(t, format)}
        rows={rows}
        empty={t("tools.live.empty")}
        actions={(contest: Row) => (
          <div className="flex flex-wrap gap-2">
            <a href={livePagePath(contest.slug)} className="btn border border-slate-300 bg-white text-navy-900">
              {t("tools.live.livePage")}
            </a>
            <Link
              to={`/dashboard/live-contests/${contest.id}/reveal`}
              className="btn border border-slate-300 bg-white text-navy-900"
            >
              {t("tools.live.reveal.heading")}
            </Link>
            {loaderData.recordings[contest.id] !== undefined && (
              <ReplayControls contest={contest} total={loaderData.recordings[contest.id] ?? 0} />
            )}
            <Form
              method="post"
              hidden={loaderData.recordings[contest.id] !== undefined && contest.status !== "replaying"}
            >
              <input type="hidden" name="id" value={contest.id} />
              <input type="hidden" name="name" value={contest.name} />
              {contest.status === "following" || contest.status === "replaying" ? (
                <button
                  type="submit"
                  name="intent"
                  value="pause"
                  className="btn border border-slate-300 bg-white text-navy-900"
                >
                  {t("tools.live.pause")}
                </button>
              ) : (
                <button
                  type="submit"
                  name="intent"
                  value="resume"
                  className="btn border border-slate-300 bg-white text-navy-900"
                >
                  {t("tools.live.resume")}
                </button>
              )}
            </Form>
            <Form method="post">
              <input type="hidden" name="id" value={contest.id} />
              <input type="hidden" name="name" value={contest.name} />
              <button
                type="submit"
                name="intent"
                value="remove"
                className="btn-danger"
                aria-label={t("tools.live.removeNamed", { name: contest.name })}
              >
                {t("tools.live.remove")}
              </button>
            </Form>
          </div>
        )}
      />
    </section>
  );
}

const OUTLINE_BUTTON = "btn border border-slate-300 bg-white text-navy-900";

/** A recorded contest's replay: its speed, from the start, or on from where a pause left it. */
function ReplayControls({ contest, total }: { contest: Row; total: number }) {
  const t = useT();
  const format = useFormat();
  const replaying = contest.status === "replaying";
  const cut = !replaying && contest.replayPosition > 0 && contest.replayPosition < total;
  const selectId = `replay-speed-${contest.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={contest.id} />
      <input type="hidden" name="name" value={contest.name} />
      <label htmlFor={selectId} className="sr-only">
        {t("tools.live.replay.speed")}
      </label>
      <select
        id={selectId}
        name="speed"
        defaultValue={String(contest.replaySpeed ?? 60)}
        className="min-h-11 rounded border border-slate-300 bg-white px-2 text-slate-900"
      >
        {REPLAY_SPEEDS.map((speed) => (
          <option key={speed} value={speed}>
            {speed === 0 ? t("tools.live.replay.fastest") : t("tools.live.replay.times", { speed })}
          </option>
        ))}
      </select>
      {replaying ? (
        <button type="submit" name="intent" value="replaySpeed" className={OUTLINE_BUTTON}>
          {t("tools.live.replay.setSpeed")}
        </button>
      ) : (
        <button type="submit" name="intent" value="replay" className={OUTLINE_BUTTON}>
          {t("tools.live.replay.start")}
        </button>
      )}
      {cut && (
        <button type="submit" name="intent" value="continueReplay" className={OUTLINE_BUTTON}>
          {t("tools.live.replay.continue")}
        </button>
      )}
      <span className="text-sm text-slate-700">
        {t("tools.live.replay.progress", {
          played: format.number(contest.replayPosition),
          total: format.number(total),
        })}
      </span>
    </Form>
  );
}
