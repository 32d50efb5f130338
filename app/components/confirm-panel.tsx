import { Form } from "react-router";
import { useT } from "~/i18n/react";
import { CONFIRM_FIELD } from "~/lib/form-actions";

interface ConfirmPanelProps {
  title: string;
  description: string;
  /** The form whose values the answer sends again (an entity form on the page): its end holds the answer… */
  formId?: string;
  /** …or the values to send again (a row action). */
  hidden?: Record<string, string>;
}

const TITLE_ID = "confirm-step-title";
const answerId = (formId: string) => `${formId}-answer`;

/**
 * The confirmation as a second step, for a browser without JavaScript (the dialog's twin). A row
 * action's values travel with the panel's own buttons. An entity form's answer is at the form's
 * end (ConfirmAnswer), after every field: a page still arriving on a slow network shows the
 * question before the fields below it, and an answer sent from above them would send only the
 * fields the browser had read so far.
 */
export function ConfirmPanel({ title, description, formId, hidden = {} }: ConfirmPanelProps) {
  const t = useT();
  return (
    <section aria-labelledby={TITLE_ID} className="rounded-lg border border-accent-400 bg-amber-50 p-4">
      <h2 id={TITLE_ID} className="font-semibold text-navy-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{description}</p>
      {formId ? (
        <p className="mt-2">
          <a href={`#${answerId(formId)}`} className="font-medium text-navy-800 underline">
            {t("dashboard.answerAtFormEnd")}
          </a>
        </p>
      ) : (
        <Form method="post">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AnswerButtons />
        </Form>
      )}
    </section>
  );
}

/** The second step's Yes and No at the end of the entity form `formId`, under the question again. */
export function ConfirmAnswer({ formId, title }: { formId: string; title: string }) {
  return (
    <div id={answerId(formId)} className="rounded-lg border border-accent-400 bg-amber-50 p-4">
      <fieldset>
        <legend className="mb-3 font-semibold text-navy-900">{title}</legend>
        <AnswerButtons />
      </fieldset>
    </div>
  );
}

function AnswerButtons() {
  const t = useT();
  return (
    <div className="flex gap-3">
      <button type="submit" name={CONFIRM_FIELD} value="no" className="btn border border-slate-300">
        {t("dashboard.no")}
      </button>
      <button type="submit" name={CONFIRM_FIELD} value="yes" className="btn-navy">
        {t("dashboard.yes")}
      </button>
    </div>
  );
}
