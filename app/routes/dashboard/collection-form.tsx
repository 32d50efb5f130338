import { data, Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { FormField } from "~/components/form-field";
import { Spinner } from "~/components/spinner";
import { useSavedForm } from "~/components/use-saved-form";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { announceSoon } from "~/domain/announcements.server";
import { actorOf } from "~/domain/audit.server";
import { type Collection, rowToFormValues } from "~/domain/collection";
import { collectionByKey, collectionOfRoute, isCollectionKey } from "~/domain/collections";
import { serviceOf } from "~/domain/collections.server";
import { requirePermissionPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, invalidForm, parseForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
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

export function meta({ loaderData }: Route.MetaArgs) {
  const collection = loaderData && collectionByKey(loaderData.key);
  const title = collection ? (loaderData.id ? collection.headings.edit : collection.headings.add) : "Dashboard";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, params, pattern }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requirePermissionPage(context, "edit-content");
  const { collection, id } = targetOf(pattern, params);
  if (id === undefined) return { key: collection.key, id: undefined, values: {} as Record<string, string> };
  const row = await serviceOf(collection).get(app.db, id);
  if (!row) throw data(null, { status: 404 });
  return { key: collection.key, id, values: rowToFormValues(collection, row) };
}

export async function action({ request, context, params, pattern }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(request, requirePermissionPage(context, "edit-content"));
  const { collection, id } = targetOf(pattern, params);
  const service = serviceOf(collection);
  const form = await readFormData(request);
  const parsed = parseForm(service.inputSchema, form);
  if (!parsed.ok) return parsed.answer;
  const { values } = parsed;
  const unconfirmed = confirmation(form, saveQuestion(collection, id !== undefined), dashboardTexts.notSaved, values);
  if (unconfirmed) return unconfirmed;

  return answerSafely(
    app.log,
    `save the ${collection.noun}`,
    async () => {
      const written =
        id === undefined
          ? await service.create(app.db, values, actor)
          : await service.update(app.db, id, values, actor);
      if (written === "missing") {
        const message = `This ${collection.noun} no longer exists; nothing was saved.`;
        return data<ActionResult>({ tone: "error", message, values }, 404);
      }
      if (!written.ok) return invalidForm(values, written.errors);
      // An edit may publish a draft: its subscribers hear of it now, not at the next minute.
      await announceSoon(app);
      return data<ActionResult>({ tone: "success", message: written.message, saved: true });
    },
    values,
  );
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function saveQuestion(collection: Collection, editing: boolean) {
  return editing
    ? { title: "Save the changes?", description: `The ${collection.noun} will be updated.` }
    : { title: `Add this ${collection.noun}?`, description: `The ${collection.noun} will be added.` };
}

export default function CollectionForm({ loaderData, actionData }: Route.ComponentProps) {
  const collection = collectionByKey(loaderData.key);
  const editingId = loaderData.id;
  const editing = editingId !== undefined;
  // After a save the fields remount: empty again (add) or the saved values (edit).
  const { confirmed, formRef, savedCount, errors, feedback } = useSavedForm(actionData);
  const values = actionData?.values ?? loaderData.values;

  const heading = editing ? collection.headings.edit : collection.headings.add;
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: "Dashboard", to: "/dashboard" },
          { label: collection.headings.list, to: `/dashboard/${collection.screens.list}` },
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
              {screen.label}
            </Link>
          ))}
      </div>
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} formId={FORM_ID} />}
      <Form
        method="post"
        id={FORM_ID}
        ref={formRef}
        noValidate
        onSubmit={confirmed.check}
        key={`${savedCount}:${JSON.stringify(values)}`}
        className="card flex flex-col gap-4 p-6"
      >
        {collection.fields.map((field) => (
          <FormField key={field.name} field={field} defaultValue={values[field.name]} error={errors[field.name]} />
        ))}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-navy" disabled={confirmed.busy}>
            {editing ? "Save changes" : "Submit"}
          </button>
          {confirmed.busy && <Spinner label={accountTexts.loading} />}
        </div>
      </Form>
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...saveQuestion(collection, editing)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
