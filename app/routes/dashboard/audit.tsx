import { useId } from "react";
import { Form } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { PaginationNav } from "~/components/pagination-nav";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { AUDIT_ACTIONS } from "~/domain/audit";
import type { AuditFilter, AuditRecord } from "~/domain/audit.server";
import { auditEntities, auditFilterOf, listAuditPage } from "~/domain/audit.server";
import { requireAdminPage } from "~/domain/session.server";
import { formatDateTime } from "~/lib/format";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdminPage(context);
  const app = context.get(appContext);
  const { filter, errors } = auditFilterOf(url.searchParams);
  const [page, entities] = await Promise.all([listAuditPage(app.db, filter, clubTimeZone), auditEntities(app.db)]);
  return { filter, errors, page, entities };
}

/** The filters as a query string, without the page (a new filter starts at page 1). */
function filterQuery(filter: AuditFilter, page?: number): string {
  const entries = Object.entries({ ...filter, page }).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "" && entry[0] !== "page",
  );
  const params = new URLSearchParams(entries.map(([name, value]) => [name, String(value)]));
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

const changesText = (value: unknown) => (value == null ? "" : JSON.stringify(value, null, 1));

const columns: TableColumn<AuditRecord & { _id: string }>[] = [
  { header: "When", cell: (entry) => ({ kind: "text", text: formatDateTime(entry.at, clubTimeZone) }) },
  { header: "Who", cell: (entry) => ({ kind: "lines", lines: [entry.actorEmail, entry.ip && `from ${entry.ip}`] }) },
  { header: "Action", cell: (entry) => ({ kind: "text", text: entry.action }) },
  { header: "What", cell: (entry) => ({ kind: "lines", lines: [entry.label || entry.entityId, entry.entity] }) },
];

function Changes({ entry }: { entry: AuditRecord }) {
  if (entry.before == null && entry.after == null) return null;
  return (
    <details className="max-w-md">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-navy-700 underline">
        Changes<span className="sr-only"> of entry {entry.id}</span>
      </summary>
      {entry.before != null && (
        <>
          <p className="text-sm font-semibold">Before</p>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all text-xs">{changesText(entry.before)}</pre>
        </>
      )}
      {entry.after != null && (
        <>
          <p className="text-sm font-semibold">After</p>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all text-xs">{changesText(entry.after)}</pre>
        </>
      )}
    </details>
  );
}

function FilterForm({ filter, entities }: { filter: AuditFilter; entities: string[] }) {
  const id = useId();
  const field = "flex flex-col gap-1 text-sm font-medium text-slate-800";
  const control = "min-h-11 rounded-lg border border-slate-300 bg-white px-3";
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <label className={field} htmlFor={`${id}-person`}>
        Person
        <input id={`${id}-person`} name="person" type="search" defaultValue={filter.person} className={control} />
      </label>
      <label className={field} htmlFor={`${id}-entity`}>
        Entity
        <select id={`${id}-entity`} name="entity" defaultValue={filter.entity ?? ""} className={control}>
          <option value="">Every entity</option>
          {entities.map((entity) => (
            <option key={entity}>{entity}</option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-action`}>
        Action
        <select id={`${id}-action`} name="action" defaultValue={filter.action ?? ""} className={control}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action}>{action}</option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-from`}>
        From
        <input id={`${id}-from`} name="from" type="date" defaultValue={filter.from} className={control} />
      </label>
      <label className={field} htmlFor={`${id}-to`}>
        To
        <input id={`${id}-to`} name="to" type="date" defaultValue={filter.to} className={control} />
      </label>
      <button type="submit" className="btn-navy">
        Filter
      </button>
    </Form>
  );
}

/** Who changed what, newest first; nobody can change or remove an entry here. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, errors, page, entities } = loaderData;
  const rows = page.items.map((entry) => ({ ...entry, _id: String(entry.id) }));
  const problems = Object.values(errors);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">Audit log</h1>
        <a
          href={`/dashboard/audit.csv${filterQuery(filter)}`}
          download
          className="btn border border-slate-300 bg-white"
        >
          Export CSV
        </a>
      </div>
      <p className="max-w-2xl text-slate-700">
        Every change made by someone signed in, and failed sign-ins to accounts with a role. Entries are kept for the
        site's retention period and can't be edited or removed.
      </p>
      <FilterForm filter={filter} entities={entities} />
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <p className="text-sm text-slate-700">
        {page.total === 1 ? "1 entry" : `${page.total} entries`}
        {filterQuery(filter) ? (page.total === 1 ? " matches the filters." : " match the filters.") : "."}
      </p>
      <DataTable
        caption="Audit log"
        columns={columns}
        rows={rows}
        empty="No entries match."
        actions={(entry) => <Changes entry={entry} />}
      />
      <PaginationNav
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(number) => filterQuery(filter, number) || "?"}
        label="Audit log pages"
      />
    </section>
  );
}
