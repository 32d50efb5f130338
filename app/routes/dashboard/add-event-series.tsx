import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { FormField } from "~/components/form-field";
import { Spinner } from "~/components/spinner";
import { useSavedForm } from "~/components/use-saved-form";
import { dashboardField, type FormFieldDef } from "~/core/collection";
import { collections } from "~/features/collections/collections";
import { addSeries, readSeriesForm, seriesQuestion } from "~/features/events/series-form.server";
import type { MessageKey } from "~/i18n/catalogs";
import { type Translate, useT } from "~/i18n/react";
import { keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/add-event-series";

/** The dashboard's "Add recurring event": the event's fields that an occurrence copies, and its rule. */
export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "series-form";
/** The event form's fields a session needs; the rest keep their defaults (each occurrence can be edited). */
const EVENT_FIELDS = ["eventType", "name", "starts_on", "starts_at", "contest_duration", "venue", "details"];
/** The week as the boxes show it, Monday first; the values are RRULE's days, 0 for Sunday. */
const WEEKDAY_NAMES = {
  1: "dashboard.series.weekday.1",
  2: "dashboard.series.weekday.2",
  3: "dashboard.series.weekday.3",
  4: "dashboard.series.weekday.4",
  5: "dashboard.series.weekday.5",
  6: "dashboard.series.weekday.6",
  0: "dashboard.series.weekday.0",
} as const satisfies Record<number, MessageKey>;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
const MONTH_WEEKS = {
  "1": "dashboard.series.monthWeek.first",
  "2": "dashboard.series.monthWeek.second",
  "3": "dashboard.series.monthWeek.third",
  "4": "dashboard.series.monthWeek.fourth",
  "-1": "dashboard.series.monthWeek.last",
} as const satisfies Record<string, MessageKey>;

export const meta = screenMeta;

export const loader = screenLoader((_args: Route.LoaderArgs) => null);

export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: "messages.action.addSeries",
    input: ({ form, locale }: IntentContext<Route.ActionArgs>) => readSeriesForm(form, locale),
    confirm: ({ t }) => ({ question: seriesQuestion(t) }),
    run: ({ app, actor, t }, series) => addSeries(app.db, series, actor, t),
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function eventFields(t: Translate): FormFieldDef[] {
  const events = collections.events;
  return EVENT_FIELDS.flatMap((name) => {
    const field = events.fields.find((one) => one.name === name);
    if (!field) return [];
    const shown = dashboardField(events, field, t);
    return name === "starts_on"
      ? [{ ...shown, label: t("dashboard.series.field.firstDay"), required: true, hint: undefined }]
      : [shown];
  });
}

function ruleFields(t: Translate): FormFieldDef[] {
  const weekdayLabels = Object.fromEntries(WEEKDAYS.map((day) => [String(day), t(WEEKDAY_NAMES[day])]));
  return [
    {
      name: "repeat",
      label: t("dashboard.series.field.repeat"),
      kind: "radio",
      options: ["weekly", "monthly"],
      optionLabels: { weekly: t("dashboard.series.repeat.weekly"), monthly: t("dashboard.series.repeat.monthly") },
    },
    {
      name: "interval",
      label: t("dashboard.series.field.interval"),
      kind: "number",
      hint: t("dashboard.series.hint.interval"),
    },
    {
      name: "month_week",
      label: t("dashboard.series.field.monthWeek"),
      kind: "select",
      options: Object.keys(MONTH_WEEKS),
      optionLabels: Object.fromEntries(Object.entries(MONTH_WEEKS).map(([week, key]) => [week, t(key)])),
      hint: t("dashboard.series.hint.monthly"),
    },
    {
      name: "month_weekday",
      label: t("dashboard.series.field.monthWeekday"),
      kind: "select",
      options: WEEKDAYS.map(String),
      optionLabels: weekdayLabels,
    },
    { name: "until_on", label: t("dashboard.series.field.until"), kind: "date", hint: t("dashboard.series.hint.end") },
    { name: "count", label: t("dashboard.series.field.count"), kind: "number" },
  ];
}

export default function AddEventSeries({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { confirmed, formRef, savedCount, errors, feedback } = useSavedForm(actionData, FORM_ID);
  const values = actionData?.values ?? {};
  const heading = t("dashboard.series.heading");
  const [repeat, ...rule] = ruleFields(t);
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("dashboard.title"), to: "/dashboard" },
          { label: t("dashboard.events.list"), to: "/dashboard/all-events" },
          { label: heading },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">{heading}</h1>
      <p className="text-slate-700">{t("dashboard.series.intro")}</p>
      <FeedbackMessage feedback={feedback} />
      <Confirmation
        confirmed={confirmed}
        question={{ title: t("dashboard.series.confirmTitle"), description: t("dashboard.series.confirmDescription") }}
      />
      <ConfirmedForm
        confirmed={confirmed}
        checkFirst
        id={FORM_ID}
        ref={formRef}
        noValidate
        key={`${savedCount}:${JSON.stringify(values)}`}
        className="card flex flex-col gap-4 p-6"
      >
        <input type="hidden" name="problem_number" value="0" />
        {eventFields(t).map((field) => (
          <FormField key={field.name} field={field} defaultValue={values[field.name]} error={errors[field.name]} />
        ))}
        {repeat && <FormField field={repeat} defaultValue={values.repeat} error={errors.repeat} />}
        <WeekdayBoxes t={t} chosen={values.weekdays ?? ""} error={errors.weekdays} />
        {rule.map((field) => (
          <FormField key={field.name} field={field} defaultValue={values[field.name]} error={errors[field.name]} />
        ))}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-navy" disabled={confirmed.busy}>
            {t("dashboard.series.submit")}
          </button>
          {confirmed.busy && <Spinner />}
        </div>
      </ConfirmedForm>
    </section>
  );
}

/** Weekly: the days of the week, any number of them (Monday first, as the club's week). */
function WeekdayBoxes({ t, chosen, error }: { t: Translate; chosen: string; error?: string }) {
  const days = new Set(chosen.split(",").filter(Boolean));
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? "weekdays-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("dashboard.series.field.weekdays")}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              name="weekdays"
              value={day}
              defaultChecked={days.has(String(day))}
              className="size-5 accent-navy-700"
            />
            {t(WEEKDAY_NAMES[day])}
          </label>
        ))}
      </div>
      {error && (
        <p id="weekdays-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
