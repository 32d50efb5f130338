import { data } from "react-router";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { collectionCsv } from "~/features/collections/collection-csv.server";
import { collectionOfRoute } from "~/features/collections/collections";
import { serviceOf } from "~/features/collections/collections.server";
import { csvDownload } from "~/lib/csv.server";
import { tableQueryFrom } from "~/lib/table-query";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/collection-export";

/** `/dashboard/{list}.csv`: the list's current view (search, filters, sort), every page of it, as CSV. */
export const loader = screenLoader(async ({ context, url, pattern }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const collection = collectionOfRoute("export", pattern);
  if (!collection) throw data(null, { status: 404 });
  const query = tableQueryFrom(
    url,
    (collection.filters ?? []).map((filter) => filter.name),
  );
  // `?template`: the header row alone, the columns an import reads.
  const template = url.searchParams.has("template");
  const rows = template ? [] : await serviceOf(collection).listAll(app.db, query);
  return csvDownload(
    template ? `${collection.screens.list}-template` : collection.screens.list,
    collectionCsv(collection, rows, await readClubTimeZone(app)),
  );
});
