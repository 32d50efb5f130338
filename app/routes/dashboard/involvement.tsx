import { Form, Link } from "react-router";
import { DataTable } from "~/components/data-table";
import { textCell } from "~/core/collection";
import { appContext } from "~/core/context";
import { lastDayOf, type Term } from "~/features/involvement/involvement";
import { involvementTableOf } from "~/features/involvement/involvement-screen.server";
import type { Formatters } from "~/i18n/format";
import { useFormat, useT } from "~/i18n/react";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/involvement";

export const meta = screenMeta;

export const loader = screenLoader(async ({ context, request }: Route.LoaderArgs) => {
  return involvementTableOf(context.get(appContext), new URL(request.url));
});

const termText = (format: Formatters, term: Term) => `${format.date(term.from)} – ${format.date(lastDayOf(term))}`;

/** The address of this view with other values (the CSV's, a sort's). */
function viewQuery(view: { term: Term; batch: number | null; sort: string }, changes: { sort?: string } = {}) {
  const params = new URLSearchParams({ term: view.term.from });
  if (view.batch !== null) params.set("batch", String(view.batch));
  const sort = changes.sort ?? view.sort;
  if (sort) params.set("sort", sort);
  return `?${params}`;
}

export default function Involvement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const view = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{t("tools.involvement.title")}</h1>
        <a
          href={`/dashboard/involvement.csv${viewQuery(view)}`}
          download
          className="btn border border-slate-300 bg-white"
        >
          {t("dashboard.exportCsv")}
        </a>
      </div>
      <p className="text-slate-700">
        {t("tools.involvement.intro")}{" "}
        <Link to="/dashboard/settings/involvement" className="font-medium text-navy-700 underline">
          {t("tools.involvement.weightsLink")}
        </Link>
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="involvement-term" className="text-sm font-medium text-slate-800">
            {t("tools.involvement.term")}
          </label>
          <select
            id="involvement-term"
            name="term"
            defaultValue={view.term.from}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
          >
            {view.terms.map((term) => (
              <option key={term.from} value={term.from}>
                {termText(format, term)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="involvement-batch" className="text-sm font-medium text-slate-800">
            {t("tools.involvement.batch")}
          </label>
          <select
            id="involvement-batch"
            name="batch"
            defaultValue={view.batch ?? ""}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
          >
            <option value="">{t("tools.involvement.allBatches")}</option>
            {view.batches.map((batch) => (
              <option key={batch} value={batch}>
                {format.number(batch)}
              </option>
            ))}
          </select>
        </div>
        {view.sort && <input type="hidden" name="sort" value={view.sort} />}
        <button type="submit" className="btn-navy">
          {t("tools.involvement.show")}
        </button>
      </Form>
      <DataTable
        caption={t("tools.involvement.caption", { term: termText(format, view.term) })}
        columns={[
          { header: t("tools.involvement.name"), cell: (row) => textCell(row.name), sort: "name" },
          {
            header: t("tools.involvement.batch"),
            cell: (row) => textCell(row.batch === null ? "" : format.number(row.batch)),
            sort: "batch",
          },
          {
            header: t("tools.involvement.sessions"),
            cell: (row) => textCell(format.number(row.sessions)),
            sort: "sessions",
          },
          { header: t("tools.involvement.events"), cell: (row) => textCell(format.number(row.events)), sort: "events" },
          {
            header: t("tools.involvement.contests"),
            cell: (row) => textCell(format.number(row.contests)),
            sort: "contests",
          },
          { header: t("tools.involvement.roles"), cell: (row) => textCell(format.number(row.roles)), sort: "roles" },
          { header: t("tools.involvement.score"), cell: (row) => textCell(format.number(row.score)), sort: "score" },
        ]}
        rows={view.rows}
        empty={t("tools.involvement.empty")}
        sorting={{ current: view.sort || "-score", hrefFor: (sort) => viewQuery(view, { sort }) }}
        actions={(row) => (
          <a
            href={`/dashboard/involvement/${row._id}/certificate.pdf?term=${view.term.from}`}
            className="btn border border-slate-300 bg-white"
          >
            <span aria-hidden="true">{t("tools.involvement.certificate")}</span>
            <span className="sr-only">{t("tools.involvement.certificateOf", { name: row.name })}</span>
          </a>
        )}
      />
    </section>
  );
}
