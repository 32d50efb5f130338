import { appContext } from "~/core/context";
import { UUID_PATTERN } from "~/core/ids";
import { can } from "~/core/roles";
import { readClubTimeZone, readSiteSettings } from "~/core/settings.server";
import {
  findStudentAccount,
  involvementOf,
  involvementRulesOf,
  termOfQuery,
} from "~/features/involvement/involvement.server";
import { renderInvolvementPdf } from "~/features/involvement/involvement-pdf.server";
import { translatorFor } from "~/i18n/translate.server";
import { todayIn } from "~/lib/format";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/involvement-certificate";

function notFound(request: Request): Response {
  return new Response(translatorFor(request).t("tools.involvement.noCertificate"), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * `/dashboard/involvement/{member}/certificate.pdf?term=…`: a member's involvement certificate
 * for a term, for the member themself or for admins and editors. Someone else's is a 404, so
 * the address says nothing of who is a member.
 */
export const loader = screenLoader(async ({ context, request, params }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  if (!UUID_PATTERN.test(params.studentId)) return notFound(request);
  const owner = await findStudentAccount(app.db, params.studentId);
  if (owner === undefined || (owner !== user.id && !can(user, "edit-content"))) return notFound(request);
  const settings = await readSiteSettings(app);
  const rules = involvementRulesOf(settings);
  const today = todayIn(await readClubTimeZone(app));
  const term = termOfQuery(new URL(request.url).searchParams.get("term"), today, rules);
  const row = await involvementOf(app.db, { term, weights: rules.weights, studentId: params.studentId });
  if (!row) return notFound(request);
  const pdf = await renderInvolvementPdf({ clubName: settings.clubName, row, term, issuedOn: today });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      // The slug may be Bangla: a header holds Latin-1 only.
      "Content-Disposition": `inline; filename="involvement-${term.from}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
});
