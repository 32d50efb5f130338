import { data } from "react-router";
import { appContext } from "~/core/context";
import { EXPORT_MAX_ROWS } from "~/core/crud.server";
import { readClubTimeZone } from "~/core/settings.server";
import { collectionCsv } from "~/features/collections/collection-csv.server";
import { collections } from "~/features/collections/collections";
import { isReviewableKey } from "~/features/review/review";
import { listPendingPage } from "~/features/review/review.server";
import { csvDownload } from "~/lib/csv.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/review-export";

/** `/dashboard/review.csv?show=notices`: one collection's waiting submissions, newest first. */
export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const key = url.searchParams.get("show") ?? "";
  if (!isReviewableKey(key)) throw data("Choose show=notices or show=results.", { status: 400 });
  const pending = await listPendingPage(app.db, key, { page: 1, pageSize: EXPORT_MAX_ROWS });
  return csvDownload(`review-${key}`, collectionCsv(collections[key], pending.items, await readClubTimeZone(app)));
});
