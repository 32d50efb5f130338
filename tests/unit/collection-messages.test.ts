import { describe, expect, it } from "vitest";
import { type Collection, collectionKeys } from "~/core/collection";
import { collections } from "~/features/collections/collections";
import { sourceCatalogs } from "~/i18n/catalogs.server";

/**
 * The dashboard names a collection's messages after its key and its fields' names
 * (collectionKeys), which the catalog test, reading only literal keys, can't see: here every
 * one is looked up in both catalogs, and the English ones must say what the definitions say
 * (the texts programs read: the OpenAPI document, CSV imports).
 */
const english = sourceCatalogs.en.dashboard as Record<string, string>;
const bangla = sourceCatalogs.bn.dashboard as Record<string, string>;

function expectKey(key: string, englishText?: string) {
  expect(bangla[key], `bn ${key}`).toBeTruthy();
  expect(english[key], `en ${key}`).toBeTruthy();
  if (englishText !== undefined) expect(english[key], `en ${key}`).toBe(englishText);
}

describe.each(Object.values(collections) as Collection[])("the $key collection's dashboard messages", (collection) => {
  it("names it, its screens and its outcomes in both languages, the English as defined", () => {
    expectKey(collectionKeys.text(collection, "list"), collection.headings.list);
    expectKey(collectionKeys.text(collection, "add"), collection.headings.add);
    expectKey(collectionKeys.text(collection, "edit"), collection.headings.edit);
    expectKey(collectionKeys.text(collection, "noun"), collection.noun);
    for (const text of ["nouns", "added", "updated", "deleted", "empty"] as const) {
      expectKey(collectionKeys.text(collection, text));
    }
  });

  it("labels every field, hint and choice in both languages, the English as defined", () => {
    for (const field of collection.fields) {
      expectKey(collectionKeys.field(collection, field, "field"), field.label);
      if (field.hint) expectKey(collectionKeys.field(collection, field, "hint"), field.hint);
      if (field.placeholderOption) {
        expectKey(collectionKeys.field(collection, field, "placeholder"), field.placeholderOption);
      }
      for (const [option, label] of Object.entries(field.optionLabels ?? {})) {
        expectKey(collectionKeys.option(collection, field, option), label);
      }
    }
  });

  it("heads every column and names every filter and row screen with a message", () => {
    for (const column of collection.columns) expectKey(column.header);
    for (const filter of collection.filters ?? []) {
      expectKey(filter.label);
      expectKey(filter.everything);
    }
    for (const screen of collection.rowScreens ?? []) expectKey(screen.label);
  });
});
