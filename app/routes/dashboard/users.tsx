import { useState } from "react";
import { data, useFetcher } from "react-router";
import { Alert } from "~/components/alert";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { ADMIN_ROLE, roleLabel } from "~/domain/users";
import { LastAdminError, listUserPage, promoteToAdmin, revokeAdmin, roleChangeInput } from "~/domain/users.server";
import { requireAdmin } from "~/lib/session.server";
import { ADMIN_PAGE_SIZE, tableHref, tableQueryFrom } from "~/lib/table-query";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Users" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = tableQueryFrom(request.url);
  return { q: query.q, users: await listUserPage(context.db, query) };
}

export type RoleChangeFeedback = { tone: "success" | "info" | "error"; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const input = roleChangeInput.safeParse({ email: form.get("email") });
  if (!input.success) {
    return data<RoleChangeFeedback>({ tone: "error", message: input.error.issues[0]?.message ?? "" }, 400);
  }
  if (form.get("intent") === "promote") {
    const result = await promoteToAdmin(context.db, input.data.email);
    return result.modifiedCount
      ? data<RoleChangeFeedback>({ tone: "success", message: dashboardTexts.makeAdminSuccess })
      : data<RoleChangeFeedback>({ tone: "info", message: result.message ?? "" });
  }
  try {
    const result = await revokeAdmin(context.db, input.data.email);
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
      <div className="card max-h-[70vh] overflow-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="sticky top-0 bg-slate-100 text-navy-900">
            <tr>
              <th scope="col" className="px-4 py-3">
                No.
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.users.items.map((user, index) => (
              <tr key={user._id} className="border-t border-slate-200">
                <td className="px-4 py-2">{firstNumber + index}</td>
                <td className="px-4 py-2">{user.displayName}</td>
                <td className="px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{roleLabel(user)}</td>
                <td className="px-4 py-2">
                  {user.role === ADMIN_ROLE ? (
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
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {loaderData.users.items.length === 0 && (
          <p className="p-6 text-slate-600">{loaderData.q ? "No account matches your search." : "No accounts yet."}</p>
        )}
      </div>
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
