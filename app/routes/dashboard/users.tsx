import { useState } from "react";
import { data, useFetcher } from "react-router";
import { Alert } from "~/components/alert";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable } from "~/components/data-table";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { textCell } from "~/domain/collections";
import { ADMIN_ROLE, roleLabel } from "~/domain/users";
import { LastAdminError, listUserPage, promoteToAdmin, revokeAdmin, roleChangeInput } from "~/domain/users.server";
import { requireAdminPage } from "~/lib/session.server";
import { ADMIN_PAGE_SIZE, tableHref, tableQueryFrom } from "~/lib/table-query";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Users" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const query = tableQueryFrom(url);
  return { q: query.q, users: await listUserPage(app.db, query) };
}

export type RoleChangeFeedback = { tone: "success" | "info" | "error"; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const form = await request.formData();
  const input = roleChangeInput.safeParse({ email: form.get("email") });
  if (!input.success) {
    return data<RoleChangeFeedback>({ tone: "error", message: input.error.issues[0]?.message ?? "" }, 400);
  }
  if (form.get("intent") === "promote") {
    const result = await promoteToAdmin(app.db, input.data.email);
    return result.modifiedCount
      ? data<RoleChangeFeedback>({ tone: "success", message: dashboardTexts.makeAdminSuccess })
      : data<RoleChangeFeedback>({ tone: "info", message: result.message ?? "" });
  }
  try {
    const result = await revokeAdmin(app.db, input.data.email);
    return result.modifiedCount
      ? data<RoleChangeFeedback>({ tone: "success", message: dashboardTexts.revokeSuccess })
      : data<RoleChangeFeedback>({ tone: "info", message: result.message ?? "" });
  } catch (error) {
    if (error instanceof LastAdminError)
      return data<RoleChangeFeedback>({ tone: "error", message: error.message }, 409);
    throw error;
  }
}

type Pending = { intent: "promote" | "revoke"; email: string };

export default function Users({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [declined, setDeclined] = useState(false);

  function ask(next: Pending) {
    setDeclined(false);
    setPending(next);
  }
  function confirm() {
    if (pending) fetcher.submit(pending, { method: "post" });
    setPending(null);
  }
  function decline() {
    setPending(null);
    setDeclined(true);
  }

  const feedback = declined ? { tone: "info" as const, message: dashboardTexts.notSaved } : fetcher.data;
  const firstNumber = (loaderData.users.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">Users</h1>
      <TableSearch q={loaderData.q} />
      <TableSummary page={loaderData.users} q={loaderData.q} />
      {fetcher.state !== "idle" && <Spinner label={accountTexts.loading} />}
      {feedback && fetcher.state === "idle" && <Alert tone={feedback.tone}>{feedback.message}</Alert>}
      <DataTable
        caption="Users"
        columns={[
          { header: "No.", cell: (_user, index) => textCell(firstNumber + index) },
          { header: "Name", cell: (user) => textCell(user.displayName) },
          { header: "Email", cell: (user) => textCell(user.email) },
          { header: "Role", cell: (user) => textCell(roleLabel(user)) },
        ]}
        rows={loaderData.users.items}
        empty={loaderData.q ? "No account matches your search." : "No accounts yet."}
        actions={(user) =>
          user.role === ADMIN_ROLE ? (
            <button
              type="button"
              className="btn-danger min-h-11"
              aria-label={`Revoke admin of ${user.email}`}
              onClick={() => ask({ intent: "revoke", email: user.email })}
            >
              Revoke
            </button>
          ) : (
            <button
              type="button"
              className="btn-accent"
              aria-label={`Make Admin ${user.email}`}
              onClick={() => ask({ intent: "promote", email: user.email })}
            >
              Make Admin
            </button>
          )
        }
      />
      <PaginationNav
        page={loaderData.users.page}
        pageCount={loaderData.users.pageCount}
        hrefFor={(number) => tableHref(loaderData.q, number)}
        label="Users pages"
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.intent === "revoke" ? "Revoke admin?" : "Make admin?"}
        description={
          pending?.intent === "revoke"
            ? `${pending.email} will become a General user.`
            : `${pending?.email ?? ""} will be able to manage the whole site.`
        }
        onYes={confirm}
        onNo={decline}
      />
    </section>
  );
}
