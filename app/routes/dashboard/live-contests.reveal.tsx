import { useEffect, useRef } from "react";
import { data, Form, useNavigation, useSubmit } from "react-router";
import { LiveStandings } from "~/components/live-standings";
import { actorOf, recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { livePagePath } from "~/features/live-contests/live-contests";
import { getLiveContest, publicLiveBoard, setReveal } from "~/features/live-contests/live-contests.server";
import { privatePageMeta } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenAction, screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/live-contests.reveal";

/** The reveal is keyboard driven: the dashboard's React runs its keys. */
export const handle: RouteHandle = { hydrate: true };

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, (t) => t("tools.live.reveal.heading"));
}

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const db = context.get(appContext).db;
  const record = await getLiveContest(db, params.id);
  if (!record) throw data(null, { status: 404 });
  const board = await publicLiveBoard(db, record.slug);
  if (!board) throw data(null, { status: 404 });
  return { id: record.id, name: record.name, slug: record.slug, revealed: record.revealed, board };
});

/** Start, one step on or back, or end: every viewer of the live page and the projector follows. */
export const action = screenAction(async ({ request, context, params }: Route.ActionArgs, user) => {
  const app = context.get(appContext);
  const { t } = translatorFor(request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const record = await getLiveContest(app.db, params.id);
  if (!record) return data<ActionResult>({ tone: "info", message: t("tools.live.missing") }, 404);
  const board = await publicLiveBoard(app.db, record.slug);
  const steps = board?.reveal?.steps ?? 0;
  const step = record.revealStep ?? 0;
  const next =
    intent === "start"
      ? { step: 0, revealed: false }
      : intent === "next"
        ? { step: Math.min(step + 1, steps), revealed: false }
        : intent === "back"
          ? { step: Math.max(step - 1, 0), revealed: false }
          : intent === "finish"
            ? { step: record.revealStep, revealed: true }
            : intent === "reset"
              ? { step: null, revealed: false }
              : null;
  if (!next) return data<ActionResult>({ tone: "error", message: t("messages.form.unreadable") }, 400);
  await setReveal(app.db, record.id, next);
  if (intent !== "next" && intent !== "back") {
    await recordAudit(app.db, actorOf(request, user), {
      action: "update",
      entity: "live_contests",
      entityId: record.id,
      label: record.name,
      after: { reveal: intent },
    });
  }
  return data<ActionResult>({});
});

export default function LiveReveal({ loaderData }: Route.ComponentProps) {
  const t = useT();
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
      <p>
        <a href={`${livePagePath(loaderData.slug)}/projector`} className="font-medium text-navy-700 underline">
          {t("people.live.projector")}
        </a>
      </p>
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
        {(running || loaderData.revealed) && (
          <button type="submit" name="intent" value="reset" className="btn-danger">
            {t("tools.live.reveal.reset")}
          </button>
        )}
      </Form>
      <div className="flex flex-col gap-4" aria-live="polite">
        <LiveStandings board={board} />
      </div>
    </section>
  );
}
