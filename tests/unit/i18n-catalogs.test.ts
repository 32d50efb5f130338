import fs from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { fieldLabelOf } from "~/core/collection";
import { CATALOG_AREAS } from "~/i18n/catalogs";
import { sourceCatalogs } from "~/i18n/catalogs.server";
import { LOCALES } from "~/i18n/locales";
import { entityFormFields } from "../support/entity-fields";

type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** The names a message fills in ({name}, {count, plural, …}) and the elements it wraps (<0>…</0>). */
function slotsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Compiled) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      const [name, , cases] = token as [string, string?, Record<string, Compiled>?];
      names.add(`{${name}}`);
      // A plural's cases also hold its offset, which is no message.
      for (const branch of Object.values(cases ?? {})) if (Array.isArray(branch)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  for (const [tag] of message.matchAll(/<\/?\d+\/?>/g)) names.add(tag);
  return [...names].sort();
}

const english = sourceCatalogs.en;

describe("message catalogs", () => {
  it.each(CATALOG_AREAS)("%s: both languages have the same keys", (area) => {
    const englishKeys = Object.keys(english[area]).sort();
    for (const locale of LOCALES) {
      const keys = Object.keys(sourceCatalogs[locale][area]).sort();
      const missing = englishKeys.filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !englishKeys.includes(key));
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it.each(CATALOG_AREAS)("%s: every key is named after its area and holds a message", (area) => {
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(sourceCatalogs[locale][area])) {
        expect(key, `${locale} ${key}`).toMatch(new RegExp(`^${area}\\.[\\w.-]+$`));
        expect(message.trim(), `${locale} ${key}`).not.toBe("");
      }
    }
  });

  it.each(CATALOG_AREAS)("%s: each translation parses and fills in the same names as the English", (area) => {
    for (const [key, message] of Object.entries(english[area])) {
      const slots = slotsOf(message);
      for (const locale of LOCALES) {
        const translation = sourceCatalogs[locale][area][key] ?? "";
        expect(slotsOf(translation), `${locale} ${key}`).toEqual(slots);
      }
    }
  });

  it("every key the code names is in the catalogs", () => {
    const known = new Set(CATALOG_AREAS.flatMap((area) => Object.keys(english[area])));
    const keyPattern = new RegExp(`["'\`]((?:${CATALOG_AREAS.join("|")})\\.[\\w.-]+)["'\`]`, "g");
    const unknown: string[] = [];
    for (const file of sourceFiles(path.resolve("app"))) {
      const text = fs.readFileSync(file, "utf8");
      for (const [, key] of text.matchAll(keyPattern)) {
        if (key && !known.has(key) && !FILE_NAME.test(key)) unknown.push(`${path.relative(".", file)}: ${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("every key is one the code names, or one it builds from a prefix listed here", () => {
    const named = new Set<string>();
    const keyPattern = new RegExp(`["'\`]((?:${CATALOG_AREAS.join("|")})\\.[\\w.-]+)["'\`]`, "g");
    for (const file of [...sourceFiles(path.resolve("app")), ...sourceFiles(path.resolve("server"))]) {
      for (const [, key] of fs.readFileSync(file, "utf8").matchAll(keyPattern)) if (key) named.add(key);
    }
    const unused = CATALOG_AREAS.flatMap((area) => Object.keys(english[area])).filter(
      (key) => !named.has(key) && !builtFieldLabels.has(key) && !BUILT_KEYS.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});

/** Keys the code builds (`common.flash.${name}`): each prefix is one template in the code. */
const BUILT_KEYS = [
  "common.flash.",
  "common.theme.",
  "people.live.phase.",
  "people.live.award.",
  "dashboard.review.",
  // collectionKeys (app/core/collection.ts): dashboard.<collection>.<text>
  ...["events", "notices", "results", "recent-events", "students", "teachers", "executives"].map(
    (collection) => `dashboard.${collection}.`,
  ),
  "tools.audit.actionLabel.",
  "tools.audit.entityLabel.",
  "tools.jobs.queue.",
  "tools.live.sourceLabel.",
  "tools.live.status.",
  "tools.live.medals.",
  "tools.live.finalize.",
  "tools.membership.statusLabel.",
  "tools.outbox.status.",
  "tools.rankings.ruleLabel.",
  "tools.registrations.status.",
  "tools.settings.field.",
  "tools.settings.hint.",
  "tools.settings.item.",
  "tools.standings.formatLabel.",
  "tools.webhooks.kindLabel.",
];

/** The labels fieldLabelOf (app/core/collection.ts) builds from a field's name (`messages.fields.${name}`). */
const builtFieldLabels = new Set<string>(entityFormFields.map(fieldLabelOf));

/** "accounts.tsv" is a file the code names, not a message. */
const FILE_NAME = /\.(csv|tsv|json|txt|pdf|ics|xml|tar)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
