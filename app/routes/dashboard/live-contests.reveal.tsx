import { useEffect, useRef } from "react";
import { data, Form, useNavigation, useSubmit } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { FeedbackMessage } from "~/components/feedback";
import { LiveStandings } from "~/components/live-standings";
import { TextField } from "~/components/text-field";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { finalizeLiveContest, setMedalCounts } from "~/features/live-contests/finalize.server";
import { liveProjectorPath, medalCountsInput } from "~/features/live-contests/live-contests";
import { getLiveContest, publicLiveBoard, setReveal } from "~/features/live-contests/live-contests.server";
import { sayFieldErrors } from "~/i18n/message.server";
import { type Translate, useT } from "~/i18n/react";
import type { ServerTranslate } from "~/i18n/translate.server";
import { fieldErrors } from "~/lib/field-errors";
import type { ActionResult } from "~/lib/form-actions";
import { formValues } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { dashboardAction, type IntentContext, intent, screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/live-contests.reveal";

/** The reveal is keyboard driven: the dashboard's React runs its keys. */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const db = context.get(appContext).db;
  const record = await getLiveContest(db, params.id);
  if (!record) throw data(null, { status: 404 });
  const board = await publicLiveBoard(db, record.slug);
  if (!board) throw data(null, { status: 404 });
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    revealed: record.revealed,
    finalized: record.contestId !== null,
    medals: { gold: record.goldCount, silver: record.silverCount, bronze: record.bronzeCount },
    board,
  };
});

const finalizeQuestion = (t: Translate | ServerTranslate) => ({
  title: t("tools.live.finalize.title"),
  description: t("tools.live.finalize.description"),
});

const MEDAL_FIELDS = ["gold", "silver", "bronze"] as const;

type RevealIntent = IntentContext<Route.ActionArgs>;

/** Where each button takes the reveal, from the step it is on and the steps the board has. */
const REVEAL_MOVES = {
  start: () => ({ step: 0, revealed: false }),
  next: (step: number, steps: number) => ({ step: Math.min(step + 1, steps), revealed: false }),
  back: (step: number) => ({ step: Math.max(step - 1, 0), revealed: false }),
  finish: (_step: number, _steps: number, saved: number | null) => ({ step: saved, revealed: true }),
  reset: () => ({ step: null, revealed: false }),
} as const;

/** Start, one step on or back, or end: every viewer of the live page and the projector follows. */
function revealIntent(move: keyof typeof REVEAL_MOVES) {
  return intent({
    what: "messages.action.moveReveal",
    run: async ({ args, app, actor, t }: RevealIntent) => {
      const record = await getLiveContest(app.db, args.params.id);
      if (!record) return data<ActionResult>({ tone: "info", message: t("tools.live.missing") }, 404);
      // Published standings are final: the live board no longer hides or replays anything.
      if (record.contestId)
        return data<ActionResult>({ tone: "error", message: t("tools.live.finalize.already") }, 409);
      const board = await publicLiveBoard(app.db, record.slug);
      const steps = board?.reveal?.steps ?? 0;
      await setReveal(app.db, record.id, REVEAL_MOVES[move](record.revealStep ?? 0, steps, record.revealStep));
      if (move !== "next" && move !== "back") {
        await recordAudit(app.db, actor, {
          action: "update",
          entity: "live_contests",
          entityId: record.id,
          label: record.name,
          after: { reveal: move },
        });
      }
      return data<ActionResult>({});
    },
  });
}

export const action = dashboardAction({
  medals: intent({
    what: "messages.action.saveMedals",
    input: ({ form, t, locale }: RevealIntent) => {
      const values = formValues(form, [...MEDAL_FIELDS]);
      const parsed = medalCountsInput.safeParse(values);
      if (parsed.success) return { ok: true, data: parsed.data };
      const errors = sayFieldErrors(fieldErrors(parsed.error), locale);
      return {
        ok: false,
        answer: data<ActionResult>({ tone: "error", message: t("messages.form.invalid"), errors, values }, 400),
      };
    },
    run: async ({ args, app, actor, t }, medals) => {
      if (!(await setMedalCounts(app.db, args.params.id, medals)))
        return data<ActionResult>({ tone: "info", message: t("tools.live.missing") }, 404);
      await recordAudit(app.db, actor, {
        action: "update",
        entity: "live_contests",
        entityId: args.params.id,
        after: medals,
      });
      return data<ActionResult>({ tone: "success", message: t("tools.live.medals.saved") });
    },
  }),
  finalize: intent({
    what: "messages.action.finalizeContest",
    confirm: ({ t }: RevealIntent) => ({ question: { ...finalizeQuestion(t), hidden: { intent: "finalize" } } }),
    run: async ({ args, app, actor, t }) => {
      const outcome = await finalizeLiveContest(app.db, args.params.id);
      if (!outcome.ok) {
        const status = outcome.refusal === "missing" ? 404 : 409;
        return data<ActionResult>({ tone: "error", message: t(`tools.live.finalize.${outcome.refusal}`) }, status);
      }
      await recordAudit(app.db, actor, {
        action: "publish",
        entity: "contests",
        entityId: outcome.contestId,
        label: outcome.slug,
        after: { liveContest: args.params.id },
      });
      return data<ActionResult>({ tone: "success", message: t("tools.live.finalize.done") });
    },
  }),
  start: revealIntent("start"),
  next: revealIntent("next"),
  back: revealIntent("back"),
  finish: revealIntent("finish"),
  reset: revealIntent("reset"),
});

export default function LiveReveal({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const timeZone = useClubTimeZone();
  const confirmed = useConfirmedSubmit({ asked: actionData?.confirm });
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = navigation.state !== "idle";
  const { board } = loaderData;
  const running = board.reveal !== undefined && !loaderData.revealed;
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, button, a")) return;
      const intent = event.key === " " ? "next" : event.key === "Backspace" ? "back" : null;
      if (!intent || busy.current) return;
      event.preventDefault();
      submit({ intent }, { method: "post" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [running, submit]);
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">
        {t("tools.live.reveal.heading")}: {loaderData.name}
      </h1>
      <p className="max-w-2xl text-slate-700">{t("tools.live.reveal.intro")}</p>
      <p className="flex flex-wrap gap-x-4">
        <a href={liveProjectorPath(loaderData.slug)} className="font-medium text-navy-700 underline">
          {t("people.live.projector")}
        </a>
        {board.publishedPath && (
          <a href={board.publishedPath} className="font-medium text-navy-700 underline">
            {t("tools.live.finalize.published")}
          </a>
        )}
      </p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message
            ? { tone: actionData.tone, message: actionData.message }
            : confirmed.feedback
        }
      />
      <Confirmation confirmed={confirmed} question={finalizeQuestion(t)} />
      {!running && !loaderData.finalized && (
        <MedalsForm medals={loaderData.medals} values={actionData?.values} errors={actionData?.errors} />
      )}
      <Form method="post" className="flex flex-wrap gap-2">
        {!running && !loaderData.revealed && (
          <button type="submit" name="intent" value="start" className="btn-navy">
            {t("tools.live.reveal.start")}
          </button>
        )}
        {running && (
          <>
            <button
              type="submit"
              name="intent"
              value="back"
              className="btn border border-slate-300 bg-white text-navy-900"
            >
              {t("tools.live.reveal.back")}
            </button>
            <button type="submit" name="intent" value="next" className="btn-navy">
              {t("tools.live.reveal.next")}
            </button>
            <button
              type="submit"
              name="intent"
              value="finish"
              className="btn border border-slate-300 bg-white text-navy-900"
            >
              {t("tools.live.reveal.finish")}
            </button>
          </>
        )}
        {(running || loaderData.revealed) && !loaderData.finalized && (
          <button type="submit" name="intent" value="reset" className="btn-danger">
            {t("tools.live.reveal.reset")}
          </button>
        )}
      </Form>
      {loaderData.revealed && !loaderData.finalized && (
        <ConfirmedForm confirmed={confirmed}>
          <input type="hidden" name="intent" value="finalize" />
          <button type="submit" className="btn-navy">
            {t("tools.live.finalize.button")}
          </button>
        </ConfirmedForm>
      )}
      <div className="group flex flex-col gap-4" aria-live="polite">
        <LiveStandings board={board} timeZone={timeZone} />
      </div>
    </section>
  );
}

/** The medals the reveal stops on, counted from the top. */
function MedalsForm({
  medals,
  values,
  errors,
}: {
  medals: Record<(typeof MEDAL_FIELDS)[number], number>;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const t = useT();
  return (
    <Form method="post" noValidate className="card flex max-w-2xl flex-col gap-3 p-4">
      <input type="hidden" name="intent" value="medals" />
      <h2 className="font-bold text-navy-900">{t("tools.live.medals.heading")}</h2>
      <p className="text-sm text-slate-700">{t("tools.live.medals.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {MEDAL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`tools.live.medals.${field}`)}
            name={field}
            inputMode="numeric"
            defaultValue={values?.[field] ?? String(medals[field])}
            error={errors?.[field]}
          />
        ))}
      </div>
      <p>
        <button type="submit" className="btn border border-slate-300 bg-white text-navy-900">
          {t("tools.live.medals.save")}
        </button>
      </p>
    </Form>
  );
}
