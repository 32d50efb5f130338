import type { ApiRoute } from "~/core/api-route.server";
import { apiCallsOf, findApiCall as findCall } from "~/wiring/openapi.server";
import * as notices from "./all-notice.server";
import * as audit from "./audit.server";
import * as collectionAdd from "./collection-add.server";
import * as collectionItem from "./collection-item.server";
import * as eventAttendance from "./event-attendance.server";
import * as eventCertificates from "./event-certificates.server";
import * as eventCheckIns from "./event-check-ins.server";
import * as eventRegistrations from "./event-registrations.server";
import * as events from "./events.server";
import * as executives from "./executives.server";
import * as membersMe from "./members.me.server";
import * as membershipApplications from "./membership-applications.server";
import * as membershipDecision from "./membership-decision.server";
import * as membershipPayments from "./membership-payments.server";
import * as membershipRounds from "./membership-rounds.server";
import * as productsCollection from "./products-collection.server";
import * as ranking from "./ranking.server";
import * as recentEvents from "./recent-events.server";
import * as registration from "./registration.server";
import * as results from "./results.server";
import * as reviewDecision from "./review.decision.server";
import * as review from "./review.server";
import * as search from "./search.server";
import * as settings from "./settings.server";
import * as standings from "./standings.server";
import * as standingsImport from "./standings-import.server";
import * as students from "./students.server";
import * as teachers from "./teachers.server";
import * as uploads from "./uploads.server";
import * as user from "./user.server";
import * as usersEmail from "./users.email.server";
import * as usersRole from "./users.role.server";
import * as users from "./users.server";

/**
 * Every API route module's definition, in the order the OpenAPI document lists them. Only the
 * document's route and the tests import this: the server itself loads each module when its
 * route is first asked for.
 */
export const apiRoutes: readonly ApiRoute[] = [
  // Each collection's list, add and item calls together.
  ...[events, notices, students, teachers, executives, results, recentEvents].flatMap((read, index) => [
    read.apiRoute,
    collectionAdd.apiRoutes[index] as ApiRoute,
    collectionItem.apiRoutes[index] as ApiRoute,
  ]),
  review.apiRoute,
  ...reviewDecision.apiRoutes,
  productsCollection.apiRoute,
  users.apiRoute,
  usersEmail.apiRoute,
  audit.apiRoute,
  user.apiRoute,
  ...usersRole.apiRoutes,
  membersMe.apiRoute,
  membershipRounds.apiRoute,
  membershipApplications.apiRoute,
  membershipDecision.apiRoute,
  membershipPayments.apiRoute,
  eventRegistrations.apiRoute,
  registration.apiRoute,
  standingsImport.apiRoute,
  standings.apiRoute,
  ranking.apiRoute,
  eventCheckIns.apiRoute,
  eventAttendance.apiRoute,
  eventCertificates.apiRoute,
  settings.apiRoute,
  search.apiRoute,
  uploads.apiRoute,
];

export const apiCalls = apiCallsOf(apiRoutes);

/** The call a request made (`GET`, `/api/notices/abc`), literal paths before templated ones. */
export function findApiCall(method: string, path: string) {
  return findCall(apiCalls, method, path);
}
