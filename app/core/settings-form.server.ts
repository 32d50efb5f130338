import type { z } from "zod";
import type { MessageKey } from "~/i18n/catalogs";
import { type Message, messageOf } from "~/i18n/message";
import type { ServerTranslate } from "~/i18n/translate.server";
import { type FieldErrors, issueMessage } from "~/lib/field-errors";
import type { SettingsFieldForm, SettingsGroupKey, SettingsListForm, SettingsPart } from "./settings-groups";
import { type SiteSettings, settingsForm, settingsGroupSchemas } from "./settings-schema.server";

/**
 * The settings screen's form, read off the group's schema: which fields it has, their values
 * as the form's text, and back from posted text to the input the schema checks. A list's rows
 * are named `{list}.{row}.{field}` (`carouselSlides.0.heading`), the paths of zod's issues, so
 * an error lands on its field.
 */
type Field = SettingsFieldForm & { name: string };

function fieldOf(name: string, schema: z.ZodType): Field {
  const form = settingsForm.get(schema);
  if (!form || form.input === "list") throw new Error(`The setting ${name} has no form description`);
  return { ...form, name };
}

/** The group's fields and lists, in the schema's order. */
export function settingsLayout(group: SettingsGroupKey): SettingsPart[] {
  return Object.entries(settingsGroupSchemas[group].shape).map(([name, schema]: [string, z.ZodType]) => {
    const form = settingsForm.get(schema);
    if (form?.input !== "list") return fieldOf(name, schema);
    const item = (schema as z.ZodArray<z.ZodObject>).element;
    const fields = Object.entries(item.shape).map(([field, fieldSchema]: [string, z.ZodType]) =>
      fieldOf(field, fieldSchema),
    );
    return { ...(form as SettingsListForm), name, fields };
  });
}

/**
 * The layout in the reader's language: `tools.settings.field.{name}` (`{list}.{field}` in a list),
 * `tools.settings.item.{list}` and `tools.settings.hint.{…}`; a setting the catalogs lack keeps
 * the schema's English.
 */
export function translatedSettingsLayout(group: SettingsGroupKey, t: ServerTranslate): SettingsPart[] {
  const inLanguage = (key: string, english: string) => {
    const text = t(key as MessageKey);
    return text === key ? english : text;
  };
  const field = <F extends Field>(form: F, path: string): F => ({
    ...form,
    label: inLanguage(`tools.settings.field.${path}`, form.label),
    hint:
      form.hint &&
      inLanguage(form.input === "markdown" ? "tools.settings.hint.markdown" : `tools.settings.hint.${path}`, form.hint),
  });
  return settingsLayout(group).map((part) =>
    part.input === "list"
      ? {
          ...part,
          label: inLanguage(`tools.settings.field.${part.name}`, part.label),
          itemLabel: inLanguage(`tools.settings.item.${part.name}`, part.itemLabel),
          hint: part.hint && inLanguage(`tools.settings.hint.${part.name}`, part.hint),
          fields: part.fields.map((row) => field(row, `${part.name}.${row.name}`)),
        }
      : field(part, part.name),
  );
}

type Link = { label: string; to: string };

const linesOf = (links: Link[]) => links.map((link) => `${link.label} | ${link.to}`).join("\n");

function linksOf(text: string): Link[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [label = "", ...to] = line.split("|");
      return { label: label.trim(), to: to.join("|").trim() };
    });
}

const asText = (field: Field, value: unknown) =>
  field.input === "lines" ? linesOf((value as Link[] | undefined) ?? []) : String(value ?? "");

/** The group's settings as the form's text values. */
export function settingsFormValues(group: SettingsGroupKey, settings: SiteSettings): Record<string, string> {
  const values: Record<string, string> = {};
  for (const part of settingsLayout(group)) {
    const value: unknown = settings[part.name as keyof SiteSettings];
    if (part.input !== "list") {
      values[part.name] = asText(part, value);
      continue;
    }
    (value as Record<string, unknown>[]).forEach((row, index) => {
      for (const field of part.fields) values[`${part.name}.${index}.${field.name}`] = asText(field, row[field.name]);
    });
  }
  return values;
}

export interface PostedSettings {
  /** What the schema checks: lists of rows, links from their lines; empty rows of open lists left out. */
  input: Record<string, unknown>;
  /** Every field as typed, to show again when something is wrong. */
  values: Record<string, string>;
  /** Field errors by form field name (a line of links is named in its message). */
  errorsOf(error: z.ZodError): FieldErrors;
}

/** "Line 2: …", the line of a list of links a message is about. */
const lineOf = (line: number, message: Message) => messageOf("tools.settings.line", { line, message });

/** Reads the group's form; text only (a file field's value counts as empty). */
export function readSettingsForm(group: SettingsGroupKey, form: FormData): PostedSettings {
  const values: Record<string, string> = {};
  const read = (name: string) => {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
    return values[name];
  };
  const input: Record<string, unknown> = {};
  // Which form row each kept row came from, per list: rows left empty are dropped.
  const rowsOf: Record<string, number[]> = {};
  const layout = settingsLayout(group);
  for (const part of layout) {
    if (part.input !== "list") {
      input[part.name] = part.input === "lines" ? linksOf(read(part.name)) : read(part.name);
      continue;
    }
    const rows: Record<string, unknown>[] = [];
    rowsOf[part.name] = [];
    for (let index = 0; index < part.slots; index++) {
      const texts = part.fields.map((field) => read(`${part.name}.${index}.${field.name}`));
      if (!part.fixed && texts.every((text) => text.trim() === "")) continue;
      rows.push(Object.fromEntries(part.fields.map((field, at) => [field.name, asInput(field, texts[at] ?? "")])));
      rowsOf[part.name]?.push(index);
    }
    input[part.name] = rows;
  }
  return { input, values, errorsOf: (error) => formErrors(error, layout, rowsOf) };
}

const asInput = (field: Field, text: string): unknown => (field.input === "lines" ? linksOf(text) : text);

function formErrors(error: z.ZodError, layout: SettingsPart[], rowsOf: Record<string, number[]>) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [key, row, field, line] = issue.path.map(String);
    const part = layout.find((candidate) => candidate.name === key);
    if (!part) continue;
    let name = part.name;
    let message = issueMessage(issue);
    if (part.input === "list" && row !== undefined && field !== undefined) {
      name = `${key}.${rowsOf[part.name]?.[Number(row)] ?? row}.${field}`;
      if (line !== undefined) message = lineOf(Number(line) + 1, message);
    } else if (part.input === "lines" && row !== undefined) {
      message = lineOf(Number(row) + 1, message);
    }
    errors[name] ??= message;
  }
  return errors;
}
