import type { MessageKey, MessageValues } from "../i18n/catalogs";
import type { Formatters } from "../i18n/format";
import type { FieldLabel } from "../i18n/message";
import { camelCase, previewText, SHORT_PREVIEW } from "../lib/text";
import { formDateTime } from "../lib/zoned-time";

/**
 * What a managed collection is, as data: its dashboard screens, form fields, table columns
 * and texts, and the paths of its screens and API calls. English names what programs read
 * (the OpenAPI document, CSV imports, the API's messages); the dashboard shows catalog
 * messages instead (`collectionKeys`, `dashboardField`). Each entity describes itself with
 * `defineCollection` beside its own module (`students.collection.ts`…), its fields once in a
 * field list (`students.fields.ts`, see EntityField); one generic list screen, one generic
 * form and one set of API routes read the description. Browser-safe: the input schemas and
 * database access are the server's (collections.server.ts).
 */

export type FieldKind =
  | "text"
  | "textarea"
  | "email"
  | "link"
  | "date"
  | "time"
  | "datetime"
  | "number"
  | "select"
  | "radio";

export interface FormFieldDef {
  /** The API's field name, also the form control's name. */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  /** For `select`: the choices, after an empty placeholder choice; for `radio`: the first is the default. */
  options?: readonly string[];
  /** For `select` and `radio`: what a choice reads as, when not its value. */
  optionLabels?: Readonly<Record<string, string>>;
  placeholderOption?: string;
  hint?: string;
  /** Counts only for one choice of another field (Publish at, for Schedule): with JavaScript, disabled otherwise. */
  enabledWhen?: { field: string; value: string };
  /** For `textarea`: its height in lines (4 unless said). */
  rows?: number;
}

/** A label's name as a field's name may write it: `publishingDate` as `publishing_date`. */
type SnakeCase<Name extends string> = Name extends `${infer Letter}${infer Rest}`
  ? `${Letter extends Lowercase<Letter> ? Letter : `_${Lowercase<Letter>}`}${SnakeCase<Rest>}`
  : Name;

/** The field names a label is named as (`email`: `messages.fields.email`; `publishing_date`: `…publishingDate`). */
type LabelName<Label> = Label extends `messages.fields.${infer Name}` ? Name | SnakeCase<Name> : never;

/**
 * The label a field's validation messages name it by ("Email is required"): the one named as
 * the field is (`labelNamedAs`), or, for a name no label has, its `message` (`photoURL`:
 * `messages.fields.photo`).
 */
type FieldMessage = { name: LabelName<FieldLabel>; message?: never } | { message: FieldLabel };

/**
 * A field of an entity, described once (as Payload's collection configs do): its form control,
 * and what the server derives from it (collection-schemas.ts, collection-rows.server.ts): the
 * input schema's rule by its kind, `required` and `maxLength`, its messages' label
 * (`fieldLabelOf`); the record's value; the column it is stored in; the CSV's column (the form's
 * fields). A list of them is written `as const satisfies readonly EntityFieldDef[]`, so the
 * derived types know every name.
 */
export type EntityField = FormFieldDef &
  FieldMessage & {
    /** Its column of the table, when it is not the field's name as drizzle keys it (`starts_on` → `startsOn`). */
    column?: string;
    /** Optional and not given: the API answers "" for it (the spec's older records) rather than null. */
    absentAs?: "";
    readOnly?: never;
  };

/** The label named as a field is: `email` → `messages.fields.email`, `ends_at` → `messages.fields.endsAt`. */
export const labelNamedAs = (name: string): string => `messages.fields.${camelCase(name)}`;

/** The label a field's validation messages name it by (see FieldMessage). */
export const fieldLabelOf = (field: EntityField): FieldLabel =>
  field.message ?? (labelNamedAs(field.name) as FieldLabel);

/** A text the server sets and the records carry (a notice's slug), never in the form nor the input. */
export interface ReadOnlyField {
  name: string;
  readOnly: true;
  column?: string;
}

export type EntityFieldDef = EntityField | ReadOnlyField;

/** The fields an entity's form, input and CSV have: all but the read-only ones. */
export function formFieldsOf(fields: readonly EntityFieldDef[]): EntityField[] {
  return fields.filter((field): field is EntityField => !field.readOnly);
}

/** What a table cell shows; the list screen renders each kind. */
export type Cell =
  | { kind: "text"; text: string }
  | { kind: "image"; src: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "lines"; lines: string[] }
  /** A short state in a coloured pill (Draft, Scheduled for …). */
  | { kind: "badge"; text: string; tone: "neutral" | "info" | "success" | "danger" };

/** What a cell is written with: the page's translator and formatters, and the club's time zone. */
export interface CellText {
  t: (key: MessageKey, values?: MessageValues) => string;
  format: Formatters;
  timeZone: string;
}

export interface ColumnDef<Row> {
  /** A message key of the catalogs (`dashboard.column.name`); tests/unit/collection-messages.test.ts checks each. */
  header: string;
  cell(row: Row, text: CellText): Cell;
  /** The key its header sorts by (the server's store maps it to an indexed column); none: not sortable. */
  sort?: string;
}

/** A choice above a table that narrows it to one value of a column (`?batch=6`); the server lists the values. */
export interface TableFilterDef {
  /** The query parameter, also the store's filter key. */
  name: string;
  label: MessageKey;
  /** The choice that shows every row. */
  everything: MessageKey;
}

// Every function below is written as a method: methods take their parameters bivariantly, so a
// Collection<ApiEvent, EventInput> is a Collection where the generic screens expect one.
/** The API's answers (the dashboard's are `collectionKeys.text`). */
export interface CollectionTexts<Input> {
  added(input: Input): string;
  updated(input: Input): string;
}

export interface Collection<Row extends { _id: string } = { _id: string }, Input = unknown> {
  key: string;
  /** "event", for the OpenAPI document and the API's messages. */
  noun: string;
  /** The list's is the OpenAPI document's tag. */
  headings: { list: string; add: string; edit: string };
  /** Dashboard screens, relative to /dashboard (the spec's paths). */
  screens: { list: string; add: string };
  /** API paths: GET /api/{read} (public), POST /api/{add}, GET/PUT/DELETE /api/{item}/{id}. */
  api: { read: string; add: string; item: string };
  fields: readonly FormFieldDef[];
  columns: readonly ColumnDef<Row>[];
  filters?: readonly TableFilterDef[];
  /** Rows can be added from a CSV file (with a preview first) at `/dashboard/{list}/import`. */
  csvImport?: boolean;
  /** More screens of one row, linked from its edit form (relative to /dashboard). */
  rowScreens?: readonly { label: MessageKey; path(id: string): string }[];
  rowName(row: Row): string;
  texts: CollectionTexts<Input>;
}

export function defineCollection<Row extends { _id: string }, Input, Key extends string>(
  definition: Collection<Row, Input> & { key: Key },
): Collection<Row, Input> & { key: Key } {
  return definition;
}

/** A plain table cell. */
export const textCell = (value: string | number | null | undefined): Cell => ({
  kind: "text",
  text: value == null ? "" : String(value),
});
export const previewCell = (value: string | null): Cell => textCell(previewText(value ?? "", SHORT_PREVIEW));
export const imageCell = (src: string | null): Cell => (src ? { kind: "image", src } : textCell(""));
export const fileLinkCell = (href: string, { t }: CellText): Cell => ({
  kind: "link",
  href,
  text: t("dashboard.cell.openFile"),
});

export const photoField = {
  name: "photoURL",
  label: "Photo",
  kind: "link",
  required: true,
  message: "messages.fields.photo",
} as const satisfies EntityField;
export const emailFormField = {
  name: "email",
  label: "Email",
  kind: "email",
  required: true,
} as const satisfies EntityField;
export const nameField = {
  name: "name",
  label: "Name",
  kind: "text",
  required: true,
  maxLength: 200,
} as const satisfies EntityField;
/** A person's post (teachers, executives). */
export const designationField = {
  name: "designation",
  label: "Designation",
  kind: "text",
  required: true,
  maxLength: 200,
} as const satisfies EntityField;
/** The date a notice or a result is dated (the spec's `publishing_date`). */
export const publishingDateField = {
  name: "publishing_date",
  label: "Publishing date",
  kind: "date",
  required: true,
} as const satisfies EntityField;

type CollectionText = "list" | "add" | "edit" | "noun" | "nouns" | "added" | "updated" | "deleted" | "empty";
type FieldText = "field" | "hint" | "placeholder";

/**
 * The dashboard's messages of a collection, named after its key and its fields' names
 * (`dashboard.students.field.batch`): tests/unit/collection-messages.test.ts checks that both
 * catalogs hold every one, and that the English ones say what the definitions say.
 */
export const collectionKeys = {
  text: (collection: Collection, text: CollectionText) => `dashboard.${collection.key}.${text}` as MessageKey,
  field: (collection: Collection, field: FormFieldDef, text: FieldText) =>
    `dashboard.${collection.key}.${text}.${field.name}` as MessageKey,
  option: (collection: Collection, field: FormFieldDef, option: string) =>
    `dashboard.${collection.key}.option.${field.name}.${option}` as MessageKey,
};

/** A collection's columns as the dashboard's table shows them: headers and cells in the page's language. */
export function dashboardColumns<Row extends { _id: string }>(columns: readonly ColumnDef<Row>[], text: CellText) {
  return columns.map((column) => ({
    header: text.t(column.header as MessageKey),
    sort: column.sort,
    cell: (row: Row) => column.cell(row, text),
  }));
}

/** A field as the dashboard's form shows it: its label, hint and choices in the page's language. */
export function dashboardField(
  collection: Collection,
  field: FormFieldDef,
  t: (key: MessageKey) => string,
): FormFieldDef {
  const labels = field.optionLabels;
  return {
    ...field,
    label: t(collectionKeys.field(collection, field, "field")),
    hint: field.hint && t(collectionKeys.field(collection, field, "hint")),
    placeholderOption: field.placeholderOption && t(collectionKeys.field(collection, field, "placeholder")),
    optionLabels:
      labels &&
      Object.fromEntries(
        Object.keys(labels).map((option) => [option, t(collectionKeys.option(collection, field, option))]),
      ),
  };
}

/** A stored row as the form shows it (every value as text). */
export function rowToFormValues(collection: Collection, row: object, timeZone: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of collection.fields) {
    const value: unknown = Reflect.get(row, field.name);
    const text = value == null ? "" : String(value);
    // A datetime-local field shows the club's clocks.
    values[field.name] = field.kind === "datetime" && text ? formDateTime(text, timeZone) : text;
  }
  return values;
}
