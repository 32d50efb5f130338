import { FormField } from "~/components/form-field";
import type { FieldKind } from "~/core/collection";
import type { SettingsFieldForm, SettingsPart } from "~/core/settings-groups";
import { useT } from "~/i18n/react";

/** How each kind of setting is typed: every one through the form field all dashboard forms use. */
const FIELD_KINDS: Record<SettingsFieldForm["input"], FieldKind> = {
  text: "text",
  textarea: "textarea",
  markdown: "textarea",
  lines: "textarea",
  email: "email",
  // A picture is a link that also takes an upload.
  image: "link",
  link: "text",
};

const ROWS: Partial<Record<SettingsFieldForm["input"], number>> = { markdown: 10, lines: 5 };

interface FieldsProps {
  parts: readonly SettingsPart[];
  values: Record<string, string>;
  errors: Record<string, string>;
}

function SettingField({
  field,
  name,
  values,
  errors,
}: Omit<FieldsProps, "parts"> & { field: SettingsFieldForm; name: string }) {
  return (
    <FormField
      field={{
        name,
        label: field.label,
        kind: FIELD_KINDS[field.input],
        required: field.required,
        maxLength: field.maxLength,
        hint: field.hint,
        rows: ROWS[field.input],
      }}
      defaultValue={values[name]}
      error={errors[name]}
    />
  );
}

/** A list's rows (slides, topics…), each a fieldset named by its number; empty rows are offered up to the list's most. */
function SettingList({
  part,
  values,
  errors,
}: Omit<FieldsProps, "parts"> & { part: SettingsPart & { input: "list" } }) {
  const t = useT();
  const hintId = `${part.name}-hint`;
  const errorId = `${part.name}-error`;
  const error = errors[part.name];
  const describedBy = [part.hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="flex flex-col gap-4" aria-describedby={describedBy}>
      <legend className="text-lg font-semibold text-navy-900">{part.label}</legend>
      {part.hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {part.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {Array.from({ length: part.slots }, (_, row) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the list
          key={row}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4"
        >
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {t("tools.settings.row", { item: part.itemLabel, number: row + 1 })}
          </legend>
          {part.fields.map((field) => (
            <SettingField
              key={field.name}
              // A row of an open list may stay empty: its fields are required only once it is filled in.
              field={part.fixed ? field : { ...field, required: false }}
              name={`${part.name}.${row}.${field.name}`}
              values={values}
              errors={errors}
            />
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}

/** The fields of one group of the settings screen, as its layout describes them. */
export function SettingsFields({ parts, values, errors }: FieldsProps) {
  return parts.map((part) =>
    part.input === "list" ? (
      <SettingList key={part.name} part={part} values={values} errors={errors} />
    ) : (
      <SettingField key={part.name} field={part} name={part.name} values={values} errors={errors} />
    ),
  );
}
