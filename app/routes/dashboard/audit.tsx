import { useId } from "react";
import { Form } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { PaginationNav } from "~/components/pagination-nav";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { AUDIT_ACTIONS, isAuditAction, isAuditEntity } from "~/core/audit";
import type { AuditFilter, AuditRecord } from "~/core/audit.server";
import { auditEntities, auditFilterOf, listAuditPage } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { sayFieldErrors } from "~/i18n/message.server";
import { Message, type Translate, useFormat, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/audit";

export const meta = screenMeta;

const actionLabel = (t: Translate, action: string) =>
  isAuditAction(action) ? t(`tools.audit.actionLabel.${action}`) : action;

const entityLabel = (t: Translate, entity: string) =>
  isAuditEntity(entity) ? t(`tools.audit.entityLabel.${entity}`) : entity;

export const loader = screenLoader(async ({ request, context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const timeZone = await readClubTimeZone(app);
  const { filter, errors } = auditFilterOf(url.searchParams);
  const [page, entities] = await Promise.all([listAuditPage(app.db, filter, timeZone), auditEntities(app.db)]);
  return { filter, errors: sayFieldErrors(errors, translatorFor(request).locale), page, entities };
});

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

function Changes({ entry }: { entry: AuditRecord }) {
  const t = useT();
  if (entry.before == null && entry.after == null) return null;
  return (
    <details className="max-w-md">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-navy-700 underline">
        <Message id="tools.audit.changes" values={{ id: entry.id }} components={{ 0: <span className="sr-only" /> }} />
      </summary>
      {entry.before != null && (
        <>
          <p className="text-sm font-semibold">{t("tools.audit.before")}</p>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all text-xs">{changesText(entry.before)}</pre>
        </>
      )}
      {entry.after != null && (
        <>
          <p className="text-sm font-semibold">{t("tools.audit.after")}</p>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all text-xs">{changesText(entry.after)}</pre>
        </>
      )}
    </details>
  );
}

function FilterForm({ filter, entities }: { filter: AuditFilter; entities: string[] }) {
  const t = useT();
  const id = useId();
  const field = "flex flex-col gap-1 text-sm font-medium text-slate-800";
  const control = "min-h-11 rounded-lg border border-slate-300 bg-white px-3";
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <label className={field} htmlFor={`${id}-person`}>
        {t("tools.audit.person")}
        <input id={`${id}-person`} name="person" type="search" defaultValue={filter.person} className={control} />
      </label>
      <label className={field} htmlFor={`${id}-entity`}>
        {t("tools.audit.entity")}
        <select id={`${id}-entity`} name="entity" defaultValue={filter.entity ?? ""} className={control}>
          <option value="">{t("tools.audit.everyEntity")}</option>
          {entities.map((entity) => (
            <option key={entity} value={entity}>
              {entityLabel(t, entity)}
            </option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-action`}>
        {t("tools.audit.action")}
        <select id={`${id}-action`} name="action" defaultValue={filter.action ?? ""} className={control}>
          <option value="">{t("tools.audit.everyAction")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {actionLabel(t, action)}
            </option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${id}-from`}>
        {t("tools.audit.from")}
        <input id={`${id}-from`} name="from" type="date" defaultValue={filter.from} className={control} />
      </label>
      <label className={field} htmlFor={`${id}-to`}>
        {t("tools.audit.to")}
        <input id={`${id}-to`} name="to" type="date" defaultValue={filter.to} className={control} />
      </label>
      <button type="submit" className="btn-navy">
        {t("tools.audit.filter")}
      </button>
    </Form>
  );
}

/** Who changed what, newest first; nobody can change or remove an entry here. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, errors, page, entities } = loaderData;
  const rows = page.items.map((entry) => ({ ...entry, _id: String(entry.id) }));
  const problems = Object.values(errors);
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const columns: TableColumn<AuditRecord & { _id: string }>[] = [
    {
      header: t("tools.audit.colWhen"),
      cell: (entry) => ({ kind: "text", text: format.dateTime(entry.at, timeZone) }),
    },
    {
      header: t("tools.audit.colWho"),
      cell: (entry) => ({
        kind: "lines",
        lines: [entry.actorEmail, entry.ip && t("tools.audit.fromIp", { ip: entry.ip })],
      }),
    },
    { header: t("tools.audit.colAction"), cell: (entry) => ({ kind: "text", text: actionLabel(t, entry.action) }) },
    {
      header: t("tools.audit.colWhat"),
      cell: (entry) => ({ kind: "lines", lines: [entry.label || entry.entityId, entityLabel(t, entry.entity)] }),
    },
  ];
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{t("tools.audit.heading")}</h1>
        <a
          href={`/dashboard/audit.csv${filterQuery(filter)}`}
          download
          className="btn border border-slate-300 bg-white"
        >
          {t("tools.audit.export")}
        </a>
      </div>
      <p className="max-w-2xl text-slate-700">{t("tools.audit.intro")}</p>
      <FilterForm filter={filter} entities={entities} />
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <p className="text-sm text-slate-700">
        {t(filterQuery(filter) ? "tools.audit.countMatching" : "tools.audit.count", { count: page.total })}
      </p>
      <DataTable
        caption={t("tools.audit.heading")}
        columns={columns}
        rows={rows}
        empty={t("tools.audit.empty")}
        actions={(entry) => <Changes entry={entry} />}
      />
      <PaginationNav
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(number) => filterQuery(filter, number) || "?"}
        label={t("tools.audit.pages")}
      />
    </section>
  );
}
