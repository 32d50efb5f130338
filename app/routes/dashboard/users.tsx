import { useId } from "react";
import { Confirmation, ConfirmedForm, type ConfirmedSubmit } from "~/components/confirmed-form";
import { DataTable } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { textCell } from "~/core/collection";
import { appContext } from "~/core/context";
import { ROLES, roleChangeQuestionText, roleOf, roleSelector } from "~/core/roles";
import { ADMIN_ROLE, type ApiUser, type RoleChangeIntent } from "~/features/accounts/users";
import { listUserPage } from "~/features/accounts/users.server";
import { useFormat, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import { ADMIN_PAGE_SIZE, tableHref, tableQueryFrom } from "~/lib/table-query";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { DEFAULT_INTENT, dashboardAction, screenLoader } from "~/wiring/dashboard-screens.server";
import { roleChangeIntent } from "./__role-change.server";
import type { Route } from "./+types/users";

export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const query = tableQueryFrom(url);
  return { query, users: await listUserPage(app.db, query) };
});

/** The role change a button asks for (the dialog's question names it). */
const intentOf = (value: FormDataEntryValue | null): RoleChangeIntent =>
  value === "revoke-admin" || value === "set-role" ? value : "make-admin";

/** Make Admin, Revoke and Change role: a Yes first (a dialog, or a second step without JavaScript), then one role change. */
export const action = dashboardAction({
  "make-admin": roleChangeIntent<Route.ActionArgs>("make-admin"),
  [DEFAULT_INTENT]: roleChangeIntent<Route.ActionArgs>("make-admin"),
  "revoke-admin": roleChangeIntent<Route.ActionArgs>("revoke-admin"),
  "set-role": roleChangeIntent<Route.ActionArgs>("set-role"),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function RoleButton({
  intent,
  email,
  confirmed,
}: {
  intent: "make-admin" | "revoke-admin";
  email: string;
  confirmed: ConfirmedSubmit;
}) {
  const t = useT();
  const revoke = intent === "revoke-admin";
  return (
    <ConfirmedForm confirmed={confirmed}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={email} />
      <button
        type="submit"
        className={revoke ? "btn-danger" : "btn-accent"}
        aria-label={t(revoke ? "dashboard.users.revokeOf" : "dashboard.users.makeAdminOf", { email })}
      >
        {t(revoke ? "dashboard.users.revoke" : "dashboard.users.makeAdmin")}
      </button>
    </ConfirmedForm>
  );
}

/** Any role for one account: a menu of the roles and a button, asked first like the others. */
function RoleMenu({ user, confirmed }: { user: ApiUser; confirmed: ConfirmedSubmit }) {
  const t = useT();
  const id = useId();
  return (
    <ConfirmedForm confirmed={confirmed} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="email" value={user.email} />
      <label htmlFor={id} className="sr-only">
        {t("dashboard.users.roleOf", { email: user.email })}
      </label>
      <select
        id={id}
        name="role"
        defaultValue={user.role ?? "general"}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
      >
        {(["general", ...ROLES] as const).map((role) => (
          <option key={role} value={role}>
            {t("dashboard.users.roleName", { role: roleSelector(role) })}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="btn border border-slate-300 bg-white"
        aria-label={t("dashboard.users.changeRoleOf", { email: user.email })}
      >
        {t("dashboard.users.changeRole")}
      </button>
    </ConfirmedForm>
  );
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const confirmed = useConfirmedSubmit<ActionResult>({ asked: actionData?.confirm });
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const pendingIntent = intentOf(confirmed.pending?.get("intent") ?? null);
  const pendingEmail = String(confirmed.pending?.get("email") ?? "");
  const pendingRole = roleOf(confirmed.pending?.get("role"));
  const firstNumber = (loaderData.users.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.users.heading")}</h1>
        <a
          href={`/dashboard/users.csv${tableHref(loaderData.query, { page: 1 }).replace(/^\?$/, "")}`}
          download
          className="btn border border-slate-300 bg-white"
        >
          {t("dashboard.exportCsv")}
        </a>
      </div>
      <TableSearch query={loaderData.query} />
      <TableSummary page={loaderData.users} q={loaderData.query.q} />
      {confirmed.busy && <Spinner />}
      <FeedbackMessage feedback={feedback} />
      <Confirmation
        confirmed={confirmed}
        question={roleChangeQuestionText(t, pendingIntent, pendingEmail, pendingRole)}
      />
      <DataTable
        caption={t("dashboard.users.heading")}
        columns={[
          { header: t("dashboard.users.number"), cell: (_user, index) => textCell(format.number(firstNumber + index)) },
          { header: t("dashboard.users.name"), cell: (user) => textCell(user.displayName) },
          { header: t("dashboard.users.email"), cell: (user) => textCell(user.email) },
          {
            header: t("dashboard.users.role"),
            cell: (user) => textCell(t("dashboard.users.roleName", { role: roleSelector(user.role ?? "general") })),
          },
        ]}
        rows={loaderData.users.items}
        empty={t(loaderData.query.q ? "dashboard.users.noMatch" : "dashboard.users.empty")}
        actions={(user) => (
          <div className="flex flex-wrap items-center gap-2">
            <RoleButton
              intent={user.role === ADMIN_ROLE ? "revoke-admin" : "make-admin"}
              email={user.email}
              confirmed={confirmed}
            />
            <RoleMenu user={user} confirmed={confirmed} />
          </div>
        )}
      />
      <PaginationNav
        page={loaderData.users.page}
        pageCount={loaderData.users.pageCount}
        hrefFor={(number) => tableHref(loaderData.query, { page: number })}
        label={t("dashboard.users.pages")}
      />
    </section>
  );
}
