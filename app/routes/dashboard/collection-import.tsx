import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { Spinner } from "~/components/spinner";
import { onClubClocks } from "~/core/api-records";
import { type Collection, collectionKeys } from "~/core/collection";
import { readClubTimeZone } from "~/core/settings.server";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportRow,
  importValidRows,
  previewImport,
} from "~/features/collections/collection-csv.server";
import { collectionByKey, collectionOfRoute, collectionPatterns } from "~/features/collections/collections";
import { serviceOf } from "~/features/collections/collections.server";
import { sayFieldErrors, sayMessage } from "~/i18n/message.server";
import { privatePageMeta } from "~/i18n/meta";
import { Message, type Translate, useFormat, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/collection-import";

/**
 * `/dashboard/{list}/import` (students, teachers): a CSV file is checked row by row with the
 * collection's own rules and shown as a preview; nothing is saved until Import is pressed,
 * and then only the rows without errors, all in one transaction.
 */
export const handle: RouteHandle = { hydrate: true };

function collectionOf(pattern: string): Collection {
  const collection = collectionOfRoute("import", pattern);
  if (!collection) throw data(null, { status: 404 });
  return collection;
}

/** "Import students from CSV". */
const headingOf = (t: Translate, collection: Collection) =>
  t("dashboard.import.heading", { list: t(collectionKeys.text(collection, "list")).toLowerCase() });

/** The collection's name in a count: "1 student", "3 students". */
const nounsOf = (t: Translate, collection: Collection) => ({
  noun: t(collectionKeys.text(collection, "noun")),
  nouns: t(collectionKeys.text(collection, "nouns")),
});

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  return privatePageMeta(args, (t) =>
    loaderData ? headingOf(t, collectionByKey(loaderData.key)) : t("dashboard.title"),
  );
}

export const loader = screenLoader(({ pattern }: Route.LoaderArgs) => ({
  key: collectionOf(pattern).key,
  maxRows: IMPORT_MAX_ROWS,
}));

/** The form pipeline's answer, with the preview's rows (and the file's text, sent back by Import). */
interface ImportAnswer extends ActionResult {
  preview?: { rows: ShownRow[]; csv: string; fileName: string };
}

/** A row of the preview as the page shows it: what is wrong worded in the reader's language. */
type ShownRow = Omit<ImportRow, "errors"> & { errors: Record<string, string> };

type ImportIntent = IntentContext<Route.ActionArgs>;

/** The file chosen (or its text sent back by Import), read with the collection's own rules. */
async function checkedFile({ args, form, t, locale }: ImportIntent) {
  const collection = collectionOf(args.pattern);
  const text = await fileText(form, t, translatorFor(args.request).format.number);
  if (typeof text !== "string") {
    return { ok: false as const, answer: data<ImportAnswer>({ tone: "error", message: text.error }, 400) };
  }
  const file = form.get("csv");
  const fileName = file instanceof File ? file.name : String(form.get("fileName") ?? "");
  const preview = previewImport(serviceOf(collection), text);
  if (!preview.ok) {
    return {
      ok: false as const,
      answer: data<ImportAnswer>({ tone: "error", message: sayMessage(preview.message, locale) }, 400),
    };
  }
  return { ok: true as const, data: { collection, text, fileName, rows: preview.rows } };
}

const importName = ({ args }: ImportIntent) =>
  ({
    key: "messages.action.importItems",
    words: { nouns: collectionKeys.text(collectionOf(args.pattern), "nouns") },
  }) as const;

/** Preview: every row checked and shown, nothing saved. */
const previewIntent = intent({
  what: importName,
  input: checkedFile,
  run: async ({ locale }, { text, fileName, rows }) => {
    const shown = rows.map((row) => ({ ...row, errors: sayFieldErrors(row.errors, locale) }));
    return data<ImportAnswer>({ preview: { rows: shown, csv: text, fileName } });
  },
});

export const action = dashboardAction({
  preview: previewIntent,
  [DEFAULT_INTENT]: previewIntent,
  /** Import: the rows without errors saved, in one transaction. */
  import: intent({
    what: importName,
    input: checkedFile,
    run: async ({ app, actor, t }, { collection, fileName, rows }) => {
      const timeZone = await readClubTimeZone(app);
      const onClocks = rows.map((row) => ({ ...row, values: onClubClocks(collection, row.values, timeZone) }));
      const added = await importValidRows(app.db, serviceOf(collection), onClocks, { actor, fileName });
      const skipped = rows.length - added;
      const message = [
        t("dashboard.import.added", { count: added, ...nounsOf(t, collection) }),
        ...(skipped ? [t("dashboard.import.skipped", { count: skipped })] : []),
      ].join(" ");
      return data<ImportAnswer>({ tone: "success", message });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

/** The file chosen (a preview), or the same text sent back by Import. */
async function fileText(
  form: FormData,
  t: Translate,
  number: (value: number) => string,
): Promise<string | { error: string }> {
  const sent = form.get("csv");
  if (typeof sent === "string" && sent) {
    return sent.length > IMPORT_MAX_BYTES ? { error: t("dashboard.import.tooBig") } : sent;
  }
  if (!(sent instanceof File) || sent.size === 0) return { error: t("dashboard.import.noFile") };
  if (sent.size > IMPORT_MAX_BYTES) {
    return { error: t("dashboard.import.overSize", { megabytes: number(IMPORT_MAX_BYTES / 1_000_000) }) };
  }
  return sent.text();
}

export default function CollectionImport({ loaderData, actionData }: Route.ComponentProps) {
  const collection = collectionByKey(loaderData.key);
  const t = useT();
  const format = useFormat();
  const answer = actionData as ImportAnswer | undefined;
  const heading = headingOf(t, collection);
  const required = collection.fields.filter((field) => field.required).map((field) => field.name);
  return (
    <section className="flex max-w-5xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("dashboard.title"), to: "/dashboard" },
          { label: t(collectionKeys.text(collection, "list")), to: `/dashboard/${collection.screens.list}` },
          { label: heading },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">{heading}</h1>
      <p className="text-slate-700">
        <Message
          id="dashboard.import.intro"
          values={{
            noun: t(collectionKeys.text(collection, "noun")),
            columns: collection.fields.map((field) => field.name).join(", "),
            required: required.join(", "),
            maxRows: format.number(loaderData.maxRows),
          }}
          components={{ 0: <code className="text-sm" /> }}
        />{" "}
        <a
          href={`/${collectionPatterns.export(collection)}?template`}
          download
          className="font-medium text-navy-700 underline"
        >
          {t("dashboard.import.template")}
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" className="card flex flex-wrap items-end gap-3 p-4">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="csv-file" className="text-sm font-medium text-slate-800">
            {t("dashboard.import.file")}
          </label>
          <input id="csv-file" type="file" name="csv" accept=".csv,text/csv" required className="file-input" />
        </div>
        <button type="submit" name="intent" value="preview" className="btn-navy">
          {t("dashboard.import.preview")}
        </button>
      </Form>
      <ImportOutcome collection={collection} answer={answer} />
    </section>
  );
}

function ImportOutcome({ collection, answer }: { collection: Collection; answer?: ImportAnswer }) {
  const t = useT();
  if (!answer) return null;
  if (answer.tone === "success") {
    return (
      <Alert tone="success">
        {answer.message}{" "}
        <Link to={`/dashboard/${collection.screens.list}`} className="font-semibold underline">
          {t("dashboard.import.seeList", { list: t(collectionKeys.text(collection, "list")) })}
        </Link>
      </Alert>
    );
  }
  if (answer.preview) return <ImportPreview collection={collection} {...answer.preview} />;
  return answer.message ? <Alert tone={answer.tone ?? "error"}>{answer.message}</Alert> : null;
}

function ImportPreview({
  collection,
  rows,
  csv,
  fileName,
}: { collection: Collection } & NonNullable<ImportAnswer["preview"]>) {
  const t = useT();
  const format = useFormat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bad = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  const good = rows.length - bad;
  // A new preview: the person is taken to its summary.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section aria-labelledby="import-preview" className="flex flex-col gap-3">
      <h2 id="import-preview" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-navy-900">
        {t("dashboard.import.previewHeading", {
          rows: rows.length,
          good: format.number(good),
          bad: format.number(bad),
        })}
        {fileName && <span className="block text-sm font-normal text-slate-600">{fileName}</span>}
      </h2>
      {bad > 0 && <p className="text-slate-700">{t("dashboard.import.badRows")}</p>}
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="csv" value={csv} />
        <input type="hidden" name="fileName" value={fileName} />
        <button type="submit" name="intent" value="import" className="btn-accent" disabled={good === 0}>
          {t("dashboard.import.importRows", { count: good, ...nounsOf(t, collection) })}
        </button>
        <ImportBusy />
      </Form>
      <div className="sm:card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("dashboard.import.caption")}</caption>
          <thead className="hidden bg-slate-100 sm:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("dashboard.import.line")}
              </th>
              {collection.fields.map((field) => (
                <th key={field.name} scope="col" className="px-3 py-2">
                  {t(collectionKeys.field(collection, field, "field"))}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                {t("dashboard.import.errors")}
              </th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {rows.map((row) => (
              <ImportPreviewRow key={row.line} collection={collection} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ImportPreviewRow({ collection, row }: { collection: Collection; row: ShownRow }) {
  const t = useT();
  const format = useFormat();
  const problems = Object.values(row.errors);
  const cell = "block px-3 py-1 [overflow-wrap:anywhere] sm:table-cell sm:py-2";
  return (
    <tr
      className={`mb-2 block rounded-lg border p-2 sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:p-0 ${
        problems.length ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"
      }`}
    >
      <td className={`${cell} font-semibold`}>{t("dashboard.import.lineNumber", { line: format.number(row.line) })}</td>
      {collection.fields.map((field) => (
        <td key={field.name} className={cell}>
          <span className="font-semibold sm:hidden">{t(collectionKeys.field(collection, field, "field"))}: </span>
          {row.values[field.name]}
        </td>
      ))}
      <td className={`${cell} text-red-800`}>
        {problems.length ? problems.join(" ") : <span className="text-green-800">{t("dashboard.import.ready")}</span>}
      </td>
    </tr>
  );
}

/** Importing a long file takes a moment on a phone's connection: say that it is under way. */
function ImportBusy() {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? <Spinner /> : null;
}
