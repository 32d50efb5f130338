import { Form } from "react-router";
import { useT } from "~/i18n/react";
import { CONFIRM_FIELD } from "~/lib/form-actions";

interface ConfirmPanelProps {
  title: string;
  description: string;
  /** The form whose values the answer sends again (an entity form on the page)… */
  formId?: string;
  /** …or the values to send again (a row action). */
  hidden?: Record<string, string>;
}

/** The confirmation as a second step, for a browser without JavaScript (the dialog's twin). */
export function ConfirmPanel({ title, description, formId, hidden = {} }: ConfirmPanelProps) {
  const t = useT();
  const buttons = (
    <div className="mt-4 flex gap-3">
      <button type="submit" form={formId} name={CONFIRM_FIELD} value="no" className="btn border border-slate-300">
        {t("dashboard.no")}
      </button>
      <button type="submit" form={formId} name={CONFIRM_FIELD} value="yes" className="btn-navy">
        {t("dashboard.yes")}
      </button>
    </div>
  );
  return (
    <section aria-labelledby="confirm-step-title" className="rounded-lg border border-accent-400 bg-amber-50 p-4">
      <h2 id="confirm-step-title" className="font-semibold text-navy-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{description}</p>
      {formId ? (
        buttons
      ) : (
        <Form method="post">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {buttons}
        </Form>
      )}
    </section>
  );
}
