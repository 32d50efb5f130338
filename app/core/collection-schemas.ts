import { z } from "zod";
import { type EntityField, type EntityFieldDef, fieldLabelOf, type ReadOnlyField } from "./collection";
import {
  dateField,
  dateTimeRecordField,
  emailField,
  linkField,
  optionalDateField,
  optionalLinkField,
  optionalLocalDateTimeField,
  optionalText,
  optionalWholeNumberField,
  requiredText,
  wholeNumberField,
} from "./fields";

/**
 * An entity's input schema and record schema, derived from its field list (collection.ts):
 * each field's rule is the one of fields.ts its kind names. Kept apart from collection.ts,
 * which the dashboard's browser bundles import, so they never need zod for it.
 */

/** One of two types, by whether the field is required. */
type RequiredOr<F, IfRequired, IfOptional> = F extends { required: true } ? IfRequired : IfOptional;

/** The input schema a field's kind and `required` name; `never` for kinds with no rule of their own. */
type InputSchemaOf<F> = F extends { kind: "text" | "textarea" }
  ? RequiredOr<F, ReturnType<typeof requiredText>, ReturnType<typeof optionalText>>
  : F extends { kind: "link" }
    ? RequiredOr<F, ReturnType<typeof linkField>, ReturnType<typeof optionalLinkField>>
    : F extends { kind: "date" }
      ? RequiredOr<F, ReturnType<typeof dateField>, ReturnType<typeof optionalDateField>>
      : F extends { kind: "number" }
        ? RequiredOr<F, ReturnType<typeof wholeNumberField>, ReturnType<typeof optionalWholeNumberField>>
        : F extends { kind: "email"; required: true }
          ? ReturnType<typeof emailField>
          : F extends { kind: "datetime"; required?: never }
            ? ReturnType<typeof optionalLocalDateTimeField>
            : never;

/** What a record answers for a field: a number or a text, null when optional and not given. */
type RecordSchemaOf<F> = F extends ReadOnlyField
  ? z.ZodString
  : F extends { kind: "number" }
    ? RequiredOr<F, z.ZodNumber, z.ZodNullable<z.ZodNumber>>
    : F extends { required: true } | { absentAs: "" }
      ? z.ZodString
      : z.ZodNullable<z.ZodString>;

type Writable<Fields extends readonly EntityFieldDef[]> = Extract<Fields[number], EntityField>;

/** B's entries over A's, as a flat object (a spread's type). */
type Merged<A, B> = { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never };

type NoShape = Record<never, never>;

export type InputShape<Fields extends readonly EntityFieldDef[]> = {
  [F in Writable<Fields> as F["name"]]: InputSchemaOf<F>;
};

export type RecordShape<Fields extends readonly EntityFieldDef[]> = { _id: z.ZodString } & {
  [F in Fields[number] as F["name"]]: RecordSchemaOf<F>;
};

/** An entity's record, as its field list alone describes it (its store's rows read as this). */
export type EntityRecord<Fields extends readonly EntityFieldDef[]> = z.output<z.ZodObject<RecordShape<Fields>>>;

/** An entity's input, as its field list alone describes it (its store writes this). */
export type EntityInput<Fields extends readonly EntityFieldDef[]> = z.output<z.ZodObject<InputShape<Fields>>>;

/** A field's input schema by its kind (an entity may add a check to it: executives' panel). */
export function inputSchemaOfField<const F extends EntityField>(field: F): InputSchemaOf<F> {
  return derivedInputSchema(field) as InputSchemaOf<F>;
}

function derivedInputSchema(field: EntityField): z.ZodType {
  const { name, kind, required, maxLength } = field;
  const message = fieldLabelOf(field);
  switch (kind) {
    case "text":
    case "textarea":
      return required ? requiredText(message, maxLength) : optionalText(message, maxLength);
    case "link":
      return required ? linkField(message) : optionalLinkField(message);
    case "date":
      return required ? dateField(message) : optionalDateField(message);
    case "number":
      return required ? wholeNumberField(message) : optionalWholeNumberField(message);
    case "email":
      if (required) return emailField(message);
      break;
    case "datetime":
      if (!required) return optionalLocalDateTimeField(message);
  }
  throw new Error(`The field ${name} (${required ? "" : "optional "}${kind}) has no derived rule: give its schema`);
}

function derivedRecordSchema(field: EntityFieldDef): z.ZodType {
  if (field.readOnly) return z.string();
  if (field.kind === "datetime" && !field.required) return dateTimeRecordField(field.label);
  const value = field.kind === "number" ? z.number().int() : z.string();
  return field.required || field.absentAs === "" ? value : value.nullable();
}

/**
 * The body of an entity's add and update calls and its form: each field's derived rule, then
 * `extra`'s schemas (a special rule in place of a field's, or more fields: publishing's).
 */
export function inputSchemaOf<const Fields extends readonly EntityFieldDef[], Extra extends z.ZodRawShape = NoShape>(
  fields: Fields,
  extra?: Extra,
) {
  const derived = Object.fromEntries(
    fields.flatMap((field) => (field.readOnly ? [] : [[field.name, extra?.[field.name] ?? derivedInputSchema(field)]])),
  );
  return z.object({ ...derived, ...extra } as Merged<InputShape<Fields>, Extra>);
}

/**
 * An entity's record as the API answers it: `_id`, each field's value, then `extra`'s schemas
 * (a value the field list can't say, in place of its own, or more keys: publishing's). Strict,
 * so the API tests catch a record with a key its schema doesn't name.
 */
export function recordSchemaOf<const Fields extends readonly EntityFieldDef[], Extra extends z.ZodRawShape = NoShape>(
  fields: Fields,
  extra?: Extra,
) {
  const derived = Object.fromEntries(fields.map((field) => [field.name, derivedRecordSchema(field)]));
  return z.strictObject({ _id: z.string(), ...derived, ...extra } as Merged<RecordShape<Fields>, Extra>);
}
