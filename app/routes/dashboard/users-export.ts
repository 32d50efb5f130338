import { appContext } from "~/core/context";
import { roleLabel } from "~/features/accounts/users";
import { listUserView } from "~/features/accounts/users.server";
import { csvDownload, toCsv } from "~/lib/csv.server";
import { tableQueryFrom } from "~/lib/table-query";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/users-export";

/** `/dashboard/users.csv?q=`: the users table's current search, every page of it. */
export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const users = await listUserView(app.db, tableQueryFrom(url).q);
  const rows = users.map((user) => [user._id, user.displayName, user.email, roleLabel(user)]);
  return csvDownload("users", toCsv(["_id", "displayName", "email", "role"], rows));
});
