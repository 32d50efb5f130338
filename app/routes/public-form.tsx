import { data, Form } from "react-router";
import { Alert } from "~/components/alert";
import { type FieldTexts, FormField, translatedFields } from "~/components/form-field";
import { HoneypotField } from "~/components/honeypot-field";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/core/context";
import type { ReviewableKey } from "~/features/review/review";
import { HONEYPOT_FIELD, type PublicForm, publicForms } from "~/features/review/submissions";
import { submitForReview } from "~/features/review/submissions.server";
import { sayMessage } from "~/i18n/message.server";
import { privatePageMeta } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { formValues, invalidForm, readFormData } from "~/lib/form-actions.server";
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

/** Each form's field labels in the page's language. */
const FIELD_TEXTS: Record<ReviewableKey, FieldTexts> = {
  notices: {
    name: { label: "accounts.field.name" },
    publishing_date: { label: "accounts.publicForm.publishingDate" },
    pdfFile: { label: "accounts.publicForm.pdfLink" },
    description: { label: "accounts.publicForm.description" },
  },
  results: {
    name: { label: "accounts.field.name" },
    "publishing-date": { label: "accounts.publicForm.publishingDate" },
    img: { label: "accounts.publicForm.imageLink", hint: "accounts.publicForm.imageLinkHint" },
    pdfLink: { label: "accounts.publicForm.pdfLink" },
  },
};

// Works without JavaScript; with it, image and PDF fields also take uploaded files.
export const handle: RouteHandle = { hydrate: true };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? publicForms[loaderData.key].heading : "accounts.publicForm.title";
  return privatePageMeta({ matches }, title);
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
  const { t, locale } = translatorFor(request);
  if (outcome.ok) {
    return data<ActionResult>({ tone: "success", message: t(form.received), saved: true });
  }
  if (outcome.errors) return invalidForm(values, outcome.errors, locale);
  const headers: HeadersInit = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return data<ActionResult>(
    { tone: "error", message: sayMessage(outcome.message, locale), values },
    { status: outcome.status, headers },
  );
}

export default function PublicFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const form = publicForms[loaderData.key];

  const values = actionData?.values ?? {};
  return (
    <>
      <PageHeader title={t(form.heading)}>{t(form.intro)}</PageHeader>
      <div className="container-page max-w-2xl py-10">
        {actionData?.tone && actionData.message && (
          <div className="mb-6">
            <Alert tone={actionData.tone}>{actionData.message}</Alert>
          </div>
        )}
        <Form method="post" className="card relative flex flex-col gap-4 p-6">
          {translatedFields(form.fields, FIELD_TEXTS[loaderData.key], t).map((field) => (
            <FormField
              key={field.name}
              field={field}
              defaultValue={values[field.name]}
              error={actionData?.errors?.[field.name]}
            />
          ))}
          <HoneypotField />
          <button type="submit" className="btn-navy self-start">
            {t("accounts.publicForm.submit")}
          </button>
        </Form>
      </div>
    </>
  );
}
