import { data, Form } from "react-router";
import { Alert } from "~/components/alert";
import { FormField } from "~/components/form-field";
import { HoneypotField } from "~/components/honeypot-field";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/context";
import type { ReviewableKey } from "~/domain/review";
import { HONEYPOT_FIELD, type PublicForm, publicForms, submissionTexts } from "~/domain/submissions";
import { submitForReview } from "~/domain/submissions.server";
import type { ActionResult } from "~/lib/form-actions";
import { formValues, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/public-form";

/**
 * /notice-form and /result-form (routes.ts maps both here): open to everyone, no JavaScript
 * needed; what they send waits in the dashboard's review queue.
 */
function formOf(url: URL): { key: ReviewableKey; form: PublicForm } {
  const path = url.pathname.replace(/^\/+|\/+$/g, "");
  const key = (Object.keys(publicForms) as ReviewableKey[]).find((candidate) => publicForms[candidate].path === path);
  if (!key) throw data(null, { status: 404 });
  return { key, form: publicForms[key] };
}

// Works without JavaScript; with it, image and PDF fields also take uploaded files.
export const handle: RouteHandle = { hydrate: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? publicForms[loaderData.key].heading : "Form" }, { name: "robots", content: "noindex" }];
}

/** A refused submission's Retry-After (429) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function loader({ url }: Route.LoaderArgs) {
  return { key: formOf(url).key };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { key, form } = formOf(url);
  const formData = await readFormData(request);
  const values = formValues(
    formData,
    form.fields.map((field) => field.name),
  );
  const honeypot = formData.get(HONEYPOT_FIELD);
  const outcome = await submitForReview(request, app, key, { ...values, [HONEYPOT_FIELD]: honeypot });
  if (outcome.ok) return data<ActionResult>({ tone: "success", message: form.received, saved: true });
  const headers: HeadersInit = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return data<ActionResult>(
    { tone: "error", message: outcome.message, errors: outcome.errors, values },
    { status: outcome.status, headers },
  );
}

export default function PublicFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = publicForms[loaderData.key];
  const values = actionData?.values ?? {};
  return (
    <>
      <PageHeader title={form.heading}>{form.intro}</PageHeader>
      <div className="container-page max-w-2xl py-10">
        {actionData?.tone && actionData.message && (
          <div className="mb-6">
            <Alert tone={actionData.tone}>{actionData.message}</Alert>
          </div>
        )}
        <Form method="post" className="card relative flex flex-col gap-4 p-6">
          {form.fields.map((field) => (
            <FormField
              key={field.name}
              field={field}
              defaultValue={values[field.name]}
              error={actionData?.errors?.[field.name]}
            />
          ))}
          <HoneypotField />
          <button type="submit" className="btn-navy self-start">
            {submissionTexts.submit}
          </button>
        </Form>
      </div>
    </>
  );
}
