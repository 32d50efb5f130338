import { useId } from "react";
import type { FieldKind, FormFieldDef } from "~/domain/collection";
import { LinkOrUploadInput } from "./link-or-upload-input";

const inputTypes: Record<Exclude<FieldKind, "textarea" | "select" | "link">, string> = {
  text: "text",
  email: "email",
  date: "date",
  time: "time",
  datetime: "datetime-local",
  number: "number",
};

const controlClass =
  "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-navy-700 aria-[invalid]:border-red-600";

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
  const id = useId();
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
        <textarea {...common} rows={4} maxLength={field.maxLength} className={`${controlClass} py-2`} />
      ) : field.kind === "link" ? (
        <LinkOrUploadInput
          inputProps={{ ...common, maxLength: field.maxLength }}
          fieldName={field.name}
          className={controlClass}
        />
      ) : field.kind === "select" ? (
        <select {...common} className={controlClass}>
          <option value="">{field.placeholderOption ?? "Select One"}</option>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
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
