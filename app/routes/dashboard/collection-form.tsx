import { data, Link } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { FormField } from "~/components/form-field";
import { Spinner } from "~/components/spinner";
import { useSavedForm } from "~/components/use-saved-form";
import { onClubClocks } from "~/core/api-records";
import { type Collection, collectionKeys, dashboardField, type FormFieldDef, rowToFormValues } from "~/core/collection";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { collectionByKey, collectionOfRoute, isCollectionKey } from "~/features/collections/collections";
import { serviceOf } from "~/features/collections/collections.server";
import { EDIT_SCOPES, SCOPE_FIELD } from "~/features/events/edit-scopes";
import { answerSeriesEdit, isOccurrence } from "~/features/events/series-form.server";
import { announceSoon } from "~/features/notifications/announcements.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { invalidForm, parseForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/collection-form";

/**
 * The add and edit form of every collection: add-event, add-notice… (routes.ts makes one route
 * here for each) and /dashboard/{collection}/{id}/edit. The server checks the values before
 * it asks to confirm (the browser asks it first; no schema is sent to the browser).
 */
export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "entity-form";

interface Target {
  collection: Collection;
  /** The row being edited; none when adding. */
  id?: string;
}

/** The add screen's collection by the route that matched; the edit screen's by its `:collection` param. */
function targetOf(pattern: string, params: { collection?: string; id?: string }): Target {
  if (params.id !== undefined) {
    if (!isCollectionKey(params.collection)) throw data(null, { status: 404 });
    return { collection: collectionByKey(params.collection), id: params.id };
  }
  const collection = collectionOfRoute("add", pattern);
  if (!collection) throw data(null, { status: 404 });
  return { collection };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  const collection = loaderData && collectionByKey(loaderData.key);
  return privatePageMeta(
    args,
    collection ? collectionKeys.text(collection, loaderData.id ? "edit" : "add") : "dashboard.title",
  );
}

export const loader = screenLoader(async ({ context, params, pattern }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const { collection, id } = targetOf(pattern, params);
  if (id === undefined) {
    return { key: collection.key, id: undefined, values: {} as Record<string, string>, occurrence: false };
  }
  const row = await serviceOf(collection).get(app.db, id);
  if (!row) throw data(null, { status: 404 });
  // An occurrence of a recurring event: the form asks which occurrences the change is for.
  const occurrence = collection.key === "events" && (await isOccurrence(app.db, id));
  return { key: collection.key, id, values: rowToFormValues(collection, row, await readClubTimeZone(app)), occurrence };
});

type FormIntent = IntentContext<Route.ActionArgs>;

const targetOfIntent = ({ args }: FormIntent) => targetOf(args.pattern, args.params);

/** Add or save a row: the fields checked, then a Yes, then the write (an occurrence's edit may span its series). */
export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: (context: FormIntent) => ({
      key: "messages.action.saveItem",
      words: { noun: collectionKeys.text(targetOfIntent(context).collection, "noun") },
    }),
    input: (context: FormIntent) => {
      const target = targetOfIntent(context);
      const parsed = parseForm(serviceOf(target.collection).inputSchema, context.form, context.locale);
      return parsed.ok ? { ok: true, data: { ...target, values: parsed.values }, values: parsed.values } : parsed;
    },
    confirm: ({ t }, { collection, id }) => ({ question: saveQuestion(t, collection, id !== undefined) }),
    run: async ({ app, form, actor, t, locale }, { collection, id, values }) => {
      if (collection.key === "events" && id !== undefined) {
        const seriesEdit = await answerSeriesEdit(app, { form, eventId: id, values, actor }, t, locale);
        if (seriesEdit) return seriesEdit;
      }
      const service = serviceOf(collection);
      const body = onClubClocks(collection, values, await readClubTimeZone(app));
      const written =
        id === undefined ? await service.create(app.db, body, actor) : await service.update(app.db, id, body, actor);
      if (written === "missing") {
        const message = t("dashboard.form.gone", { noun: t(collectionKeys.text(collection, "noun")) });
        return data<ActionResult>({ tone: "error", message, values }, 404);
      }
      if (!written.ok) return invalidForm(values, written.errors, locale);
      // An edit may publish a draft: its subscribers hear of it now, not at the next minute.
      await announceSoon(app);
      // The API answers in English (written.message); the dashboard in the page's language.
      const message = t(collectionKeys.text(collection, id === undefined ? "added" : "updated"), values);
      return data<ActionResult>({ tone: "success", message, saved: true });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

/** An occurrence's form: the change is for this one, this and the following ones, or all of its series. */
function scopeField(t: Translate): FormFieldDef {
  return {
    name: SCOPE_FIELD,
    label: t("dashboard.series.field.scope"),
    kind: "radio",
    options: EDIT_SCOPES,
    optionLabels: {
      this: t("dashboard.series.scope.this"),
      following: t("dashboard.series.scope.following"),
      all: t("dashboard.series.scope.all"),
    },
  };
}

function saveQuestion(t: Translate, collection: Collection, editing: boolean) {
  const noun = { noun: t(collectionKeys.text(collection, "noun")) };
  return editing
    ? { title: t("dashboard.form.saveTitle"), description: t("dashboard.form.saveDescription", noun) }
    : { title: t("dashboard.form.addTitle", noun), description: t("dashboard.form.addDescription", noun) };
}

export default function CollectionForm({ loaderData, actionData }: Route.ComponentProps) {
  const collection = collectionByKey(loaderData.key);
  const t = useT();
  const editingId = loaderData.id;
  const editing = editingId !== undefined;
  // After a save the fields remount: empty again (add) or the saved values (edit).
  const { confirmed, formRef, savedCount, errors, feedback } = useSavedForm(actionData, FORM_ID);
  const values = actionData?.values ?? loaderData.values;

  const heading = t(collectionKeys.text(collection, editing ? "edit" : "add"));
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("dashboard.title"), to: "/dashboard" },
          { label: t(collectionKeys.text(collection, "list")), to: `/dashboard/${collection.screens.list}` },
          { label: heading },
        ]}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{heading}</h1>
        {editingId !== undefined &&
          collection.rowScreens?.map((screen) => (
            <Link
              key={screen.label}
              to={`/dashboard/${screen.path(editingId)}`}
              className="btn border border-slate-300 bg-white"
            >
              {t(screen.label)}
            </Link>
          ))}
      </div>
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={saveQuestion(t, collection, editing)} />
      <ConfirmedForm
        confirmed={confirmed}
        checkFirst
        id={FORM_ID}
        ref={formRef}
        noValidate
        key={`${savedCount}:${JSON.stringify(values)}`}
        className="card flex flex-col gap-4 p-6"
      >
        {collection.fields.map((field) => (
          <FormField
            key={field.name}
            field={dashboardField(collection, field, t)}
            defaultValue={values[field.name]}
            error={errors[field.name]}
          />
        ))}
        {loaderData.occurrence && <FormField field={scopeField(t)} defaultValue={values[SCOPE_FIELD]} />}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-navy" disabled={confirmed.busy}>
            {t(editing ? "dashboard.form.saveChanges" : "dashboard.form.submit")}
          </button>
          {confirmed.busy && <Spinner />}
        </div>
      </ConfirmedForm>
    </section>
  );
}
