import type { Logger } from "pino";
import { data } from "react-router";
import { type Actor, recordAudit } from "~/core/audit.server";
import type { Database } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";
import { messageOf } from "~/i18n/message";
import type { ServerTranslate } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { answerSafely, invalidForm, parseForm } from "~/lib/form-actions.server";
import { eventInput } from "./events";
import { SCOPE_FIELD, seriesRuleInput } from "./series";
import { createSeries, editOccurrence, seriesIdOfEvent } from "./series.server";

/** The series form's weekday boxes share one name; the rule reads them as one list. */
function withWeekdaysJoined(form: FormData): FormData {
  const joined = new FormData();
  for (const [name, value] of form) if (name !== "weekdays") joined.append(name, value);
  joined.set("weekdays", form.getAll("weekdays").map(String).join(","));
  return joined;
}

/**
 * The dashboard's "Add recurring event" form checked: the event's fields and the rule together
 * (every wrong field named at once), the values typed kept.
 */
export function readSeriesForm(posted: FormData, locale: Locale) {
  const form = withWeekdaysJoined(posted);
  const event = parseForm(eventInput, form, locale);
  const rule = parseForm(seriesRuleInput, form, locale);
  const values = { ...event.values, ...rule.values };
  if (!event.ok || !rule.ok) {
    const errors = { ...(event.ok ? {} : event.errors), ...(rule.ok ? {} : rule.errors) };
    return { ok: false as const, values, answer: invalidForm(values, errors, locale) };
  }
  if (!event.data.starts_on) {
    const errors = { starts_on: messageOf("messages.events.seriesFirstDay") };
    return { ok: false as const, values, answer: invalidForm(values, errors, locale) };
  }
  return { ok: true as const, data: { event: event.data, rule: rule.data }, values };
}

export type SeriesForm = Extract<ReturnType<typeof readSeriesForm>, { ok: true }>["data"];

export const seriesQuestion = (t: ServerTranslate) => ({
  title: t("dashboard.series.confirmTitle"),
  description: t("dashboard.series.confirmDescription"),
});

/** The confirmed series made with its first occurrences. */
export async function addSeries(db: Database, { event, rule }: SeriesForm, actor: Actor, t: ServerTranslate) {
  const { seriesId, made } = await createSeries(db, event, rule);
  await recordAudit(db, actor, {
    action: "create",
    entity: "events",
    entityId: seriesId,
    label: event.name,
    after: { ...event, ...rule },
  });
  const message = t("dashboard.series.added", { name: event.name, count: made });
  return data<ActionResult>({ tone: "success", message, saved: true });
}

/** Whether the event form edits an occurrence of a series (and so asks which ones to change). */
export async function isOccurrence(db: Database, eventId: string): Promise<boolean> {
  return (await seriesIdOfEvent(db, eventId)) !== null;
}

/**
 * The event form's save of an occurrence with "this and following" or "all" chosen: the series
 * and its untouched occurrences change (see editOccurrence). Undefined for "this one" and any
 * other form: the ordinary save does it.
 */
export async function answerSeriesEdit(
  app: { db: Database; log: Logger },
  args: { form: FormData; eventId: string; values: Record<string, string>; actor: Actor },
  t: ServerTranslate,
  locale: Locale,
) {
  const scope = args.form.get(SCOPE_FIELD);
  if (scope !== "following" && scope !== "all") return undefined;
  const input = eventInput.parse(args.values);
  return answerSafely(
    app.log,
    locale,
    { key: "messages.action.saveItem", words: { noun: "dashboard.events.noun" } },
    async () => {
      if (!(await editOccurrence(app.db, args.eventId, input, scope))) {
        return data<ActionResult>({ tone: "error", message: t("dashboard.series.notOccurrence") }, 404);
      }
      await recordAudit(app.db, args.actor, {
        action: "update",
        entity: "events",
        entityId: args.eventId,
        label: input.name,
        after: { ...input, scope },
      });
      const message = t(scope === "all" ? "dashboard.series.savedAll" : "dashboard.series.savedFollowing", {
        name: input.name,
      });
      return data<ActionResult>({ tone: "success", message, saved: true });
    },
  );
}
