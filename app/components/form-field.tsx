import { type RefObject, useEffect, useId, useRef } from "react";
import type { FieldKind, FormFieldDef } from "~/core/collection";
import type { MessageKey, MessageValues } from "~/i18n/catalogs";
import { type Translate, useT } from "~/i18n/react";
import { LinkOrUploadInput } from "./link-or-upload-input";

const inputTypes: Record<Exclude<FieldKind, "textarea" | "select" | "link" | "radio">, string> = {
  text: "text",
  email: "email",
  date: "date",
  time: "time",
  datetime: "datetime-local",
  number: "number",
};

const controlClass =
  "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-navy-700 aria-[invalid]:border-red-600 disabled:bg-slate-100";

/** A field's label and hint as messages, by field name. */
export type FieldTexts = Record<string, { label: MessageKey; hint?: MessageKey; values?: MessageValues }>;

/**
 * Fields defined once (with their English texts) for the dashboard and a public form alike,
 * with the texts a page shows in its language; a field not named keeps its own.
 */
export function translatedFields(fields: readonly FormFieldDef[], texts: FieldTexts, t: Translate): FormFieldDef[] {
  return fields.map((field) => {
    const text = texts[field.name];
    if (!text) return field;
    return {
      ...field,
      label: t(text.label, text.values),
      hint: text.hint ? t(text.hint, text.values) : field.hint,
    };
  });
}

interface FormFieldProps {
  field: FormFieldDef;
  defaultValue?: string;
  error?: string;
}

/**
 * Every entity form's field (dashboard and public forms): label, control, hint and error,
 * tied together for screen readers. The one place where a field's markup lives.
 */
export function FormField({ field, defaultValue = "", error }: FormFieldProps) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEnabledWhen(inputRef, field.enabledWhen);
  if (field.kind === "radio") return <RadioField field={field} defaultValue={defaultValue} error={error} id={id} />;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    required: field.required,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {field.label}
      </label>
      {field.kind === "textarea" ? (
        <textarea {...common} rows={field.rows ?? 4} maxLength={field.maxLength} className={`${controlClass} py-2`} />
      ) : field.kind === "link" ? (
        <LinkOrUploadInput
          inputProps={{ ...common, maxLength: field.maxLength }}
          fieldName={field.name}
          className={controlClass}
        />
      ) : field.kind === "select" ? (
        <select {...common} className={controlClass}>
          <option value="">{field.placeholderOption ?? t("accounts.formField.selectOne")}</option>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={inputTypes[field.kind]}
          maxLength={field.maxLength}
          inputMode={field.kind === "number" ? "numeric" : undefined}
          min={field.kind === "number" ? 0 : undefined}
          className={controlClass}
        />
      )}
      {field.hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A few choices, all in view (the Publishing choice): a fieldset whose legend is the label. The
 * first choice is taken when nothing is stored yet, so one is always checked.
 */
function RadioField({ field, defaultValue, error, id }: FormFieldProps & { defaultValue: string; id: string }) {
  const options = field.options ?? [];
  const checked = options.includes(defaultValue) ? defaultValue : options[0];
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{field.label}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name={field.name}
              value={option}
              defaultChecked={option === checked}
              className="size-5 accent-navy-700"
            />
            {field.optionLabels?.[option] ?? option}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A field that counts for one choice of another only (Publish at, for Schedule) is disabled for
 * the others, so a time typed before choosing is never sent with Publish now. Without JavaScript
 * it stays enabled and the server names the mix-up.
 */
function useEnabledWhen(ref: RefObject<HTMLInputElement | null>, rule: FormFieldDef["enabledWhen"]) {
  useEffect(() => {
    const input = ref.current;
    const form = input?.form;
    if (!rule || !input || !form) return;
    const update = () => {
      const chosen = form.elements.namedItem(rule.field);
      input.disabled = !(chosen instanceof RadioNodeList && chosen.value === rule.value);
    };
    update();
    form.addEventListener("change", update);
    return () => form.removeEventListener("change", update);
  }, [ref, rule]);
}
