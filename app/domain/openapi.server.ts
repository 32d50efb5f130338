import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { APPLICATION_STATUSES, MEDIA_KINDS } from "~/db/schema";
import { AUDIT_ACTIONS } from "./audit";
import { issuedAnswer } from "./certificates.server";
import type { Collection } from "./collection";
import { API_PATH } from "./collections";
import { type CollectionService, collectionServices } from "./collections.server";
import { memberProfileInput } from "./members.server";
import { applicationFilterQuery, applicationInput, decisionInput } from "./membership.server";
import { apiRanking } from "./rankings.server";
import { apiRegistration, registeredAnswer, registrationInput } from "./registrations.server";
import { resultSubmissionInput } from "./results";
import { REVIEWABLE_KEYS } from "./review";
import { PERMISSIONS } from "./roles";
import { searchAnswer, searchQueryInput } from "./search-api.server";
import { siteSettingsPatch, siteSettingsSchema } from "./settings-schema.server";
import { apiStandings, standingsPreviewAnswer } from "./standings.server";
import { checkInBatchInput } from "./tickets.server";
import { userRecord } from "./users";
import { roleChangeInput, roleInput, userRecordInput } from "./users.server";

/**
 * The JSON API's contract: every call with its input and its answers as zod schemas (the
 * same input schemas the routes parse with, and each entity's record schema). The OpenAPI
 * 3.1 document (GET /api/openapi.json) is generated from it, and the API tests check every
 * answer they get against the schema of its call and status.
 */

type Method = "get" | "post" | "put" | "delete";
/** Who may call: anyone, any signed-in person, or the roles of a permission (admin < editor < check-in). */
type Access = "public" | "signed-in" | "anyone" | "admin" | "editor" | "check-in";

const ROLES_OF_ACCESS: Partial<Record<Access, readonly string[]>> = {
  admin: PERMISSIONS["manage-site"],
  editor: PERMISSIONS["edit-content"],
  "check-in": PERMISSIONS["check-in"],
};

interface Answer {
  description: string;
  schema: z.ZodType;
  headers?: z.ZodObject;
}

export interface ApiCall {
  method: Method;
  /** OpenAPI path template: `/api/notices/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answers: Record<number, Answer>;
}

export const errorRecord = z
  .strictObject({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().meta({ description: "Text per bad field" }),
  })
  .meta({ id: "Error" });
const inserted = z.strictObject({ acknowledged: z.literal(true), insertedId: z.string() }).meta({ id: "Inserted" });
const modified = z
  .strictObject({ modifiedCount: z.number().int(), message: z.string().optional() })
  .meta({ id: "Modified" });
const deleted = z
  .strictObject({ deletedCount: z.number().int(), message: z.string().optional() })
  .meta({ id: "Deleted" });
const uploaded = z
  .strictObject({
    url: z.string(),
    kind: z.enum(MEDIA_KINDS),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: "Upload" });

const user = userRecord();

/**
 * The records' component names ("recent event" → "RecentEvent"). Named here rather than with
 * `.meta({ id })` in the browser-safe entity modules, where the call would keep zod in the
 * browser's bundles.
 */
const recordComponents: Record<string, z.ZodType> = {
  ...Object.fromEntries(
    Object.values(collectionServices).map((service) => [
      service.collection.noun.replace(/(?:^|\s)(\w)/g, (_, letter: string) => letter.toUpperCase()),
      service.recordSchema,
    ]),
  ),
  User: user,
};

const failure = (description: string): Answer => ({ description, schema: errorRecord });
const NOT_SIGNED_IN = { 401: failure("Not signed in") };
const ADMIN_ONLY = { ...NOT_SIGNED_IN, 403: failure("Signed in, but without a role that may (see x-roles)") };
const BAD_BODY = {
  400: failure("Malformed JSON or invalid fields (each named in `errors`)"),
  415: failure("The body is not JSON"),
};
const NOT_FOUND = { 404: failure("No such record") };
const READ_FAILED = { 500: failure("The database could not be read") };
const RATE_LIMITED = { 429: failure("Too many submissions from this client (see `Retry-After`)") };

const idParams = z.object({ id: z.string().meta({ description: "The record's `_id`" }) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100).optional(),
});
const pageHeaders = z.object({
  "X-Total-Count": z.string().meta({ description: "Records in all (paged reads only)" }),
  Link: z.string().meta({ description: "RFC 8288 links to the first, prev, next and last page (paged reads only)" }),
});

function collectionCalls({ collection, inputSchema, recordSchema }: CollectionService): ApiCall[] {
  const tag = collection.headings.list;
  const base = `/${API_PATH}`;
  const item = `${base}/${collection.api.item}/{id}`;
  const paged = collection.key === "students";
  return [
    {
      method: "get",
      path: `${base}/${collection.api.read}`,
      tag,
      summary: `Every published ${collection.noun}`,
      access: "public",
      ...(paged && {
        description:
          "Without `page` and `limit`, every student (streamed). With either, one page, with " +
          "`X-Total-Count` (students in all) and a `Link` header (first, prev, next, last).",
        query: pageQuery,
      }),
      answers: {
        200: { description: "The list", schema: z.array(recordSchema), ...(paged && { headers: pageHeaders }) },
        ...READ_FAILED,
      },
    },
    {
      method: "post",
      path: `${base}/${collection.api.add}`,
      tag,
      summary: `Add a ${collection.noun}`,
      ...submitterNote(collection),
      body: inputSchema,
      answers: { 201: { description: "Added", schema: inserted }, ...BAD_BODY, ...ADMIN_ONLY, ...RATE_LIMITED },
    },
    {
      method: "get",
      path: item,
      tag,
      summary: `One ${collection.noun} (pending ones too)`,
      access: "editor",
      params: idParams,
      answers: { 200: { description: "The record", schema: recordSchema }, ...ADMIN_ONLY, ...NOT_FOUND },
    },
    {
      method: "put",
      path: item,
      tag,
      summary: `Edit a ${collection.noun} (every field, as when adding)`,
      access: "editor",
      params: idParams,
      body: inputSchema,
      answers: { 200: { description: "Saved", schema: modified }, ...BAD_BODY, ...ADMIN_ONLY, ...NOT_FOUND },
    },
    {
      method: "delete",
      path: item,
      tag,
      summary: `Delete a ${collection.noun}`,
      access: "editor",
      params: idParams,
      answers: {
        200: {
          description: "Deleted (`deletedCount` 1), or nothing had that id (`deletedCount` 0 and a `message`)",
          schema: deleted,
        },
        ...ADMIN_ONLY,
      },
    },
  ];
}

/** Notices are the one collection anyone may add to: theirs waits in the review queue. */
function submitterNote(collection: Collection): Pick<ApiCall, "access" | "description"> {
  return collection.key === "notices"
    ? {
        access: "anyone",
        description: "Admins and editors publish at once; anyone else's notice waits in the review queue.",
      }
    : { access: "editor" };
}

const auditPage = z
  .strictObject({
    entries: z.array(
      z.strictObject({
        id: z.number().int(),
        at: z.string(),
        actorEmail: z.string(),
        ip: z.string(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string(),
        label: z.string(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "AuditPage" });

const reviewParams = z.object({ collection: z.enum(REVIEWABLE_KEYS), id: z.string() });

const reviewCalls: ApiCall[] = [
  {
    method: "get",
    path: "/api/review",
    tag: "Review queue",
    summary: "Submissions of the public forms waiting for review, newest first",
    access: "editor",
    query: pageQuery,
    answers: {
      200: {
        description: "Pending notices and results",
        schema: z.strictObject({
          notices: z.array(collectionServices.notices.recordSchema),
          results: z.array(collectionServices.results.recordSchema),
        }),
      },
      ...ADMIN_ONLY,
    },
  },
  {
    method: "post",
    path: "/api/review/{collection}/{id}/approve",
    tag: "Review queue",
    summary: "Publish a pending submission",
    access: "editor",
    params: reviewParams,
    answers: { 200: { description: "Published", schema: modified }, ...ADMIN_ONLY, ...NOT_FOUND },
  },
  {
    method: "post",
    path: "/api/review/{collection}/{id}/reject",
    tag: "Review queue",
    summary: "Remove a pending submission",
    access: "editor",
    params: reviewParams,
    answers: { 200: { description: "Removed", schema: deleted }, ...ADMIN_ONLY, ...NOT_FOUND },
  },
  {
    method: "post",
    path: "/api/products-collection",
    tag: "Review queue",
    summary: "Send a contest result for review (the public result form; rate-limited, no sign-in)",
    access: "anyone",
    body: resultSubmissionInput,
    answers: { 201: { description: "Received; waits for review", schema: inserted }, ...BAD_BODY, ...RATE_LIMITED },
  },
];

const userSaved = z.strictObject({ _id: z.string(), modifiedCount: z.number().int() });

const userCalls: ApiCall[] = [
  {
    method: "get",
    path: "/api/users",
    tag: "Users",
    summary: "Every user record",
    access: "admin",
    answers: { 200: { description: "The list", schema: z.array(user) }, ...ADMIN_ONLY },
  },
  {
    method: "get",
    path: "/api/users/{email}",
    tag: "Users",
    summary: "A user record (your own, or anyone's for an admin)",
    access: "signed-in",
    params: z.object({ email: z.string() }),
    answers: { 200: { description: "The record", schema: user }, ...ADMIN_ONLY, ...NOT_FOUND },
  },
  {
    method: "get",
    path: "/api/audit",
    tag: "Users",
    summary: "The audit log, newest first, 50 a page: who changed what, when, from where",
    access: "admin",
    query: z.object({
      person: z.string().optional().meta({ description: "Part of the person's email" }),
      entity: z.string().optional(),
      action: z.enum(AUDIT_ACTIONS).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      page: z.string().optional(),
    }),
    answers: {
      200: { description: "One page of entries", schema: auditPage },
      400: failure("A filter that can't be read (named in `errors`)"),
      ...ADMIN_ONLY,
    },
  },
  {
    method: "put",
    path: "/api/users/{email}",
    tag: "Users",
    summary: "Give an account a role: admin, editor, check-in or general (never demoting the last admin)",
    access: "admin",
    params: z.object({ email: z.string() }),
    body: roleInput,
    answers: {
      200: { description: "`modifiedCount` 1, or 0 with a `message`", schema: modified },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      409: failure("The last admin cannot be demoted"),
    },
  },
  ...(["post", "put"] as const).map(
    (method): ApiCall => ({
      method,
      path: "/api/user",
      tag: "Users",
      summary: "Record your own display name",
      access: "signed-in",
      body: userRecordInput,
      answers: {
        200: { description: "Saved", schema: userSaved },
        ...BAD_BODY,
        ...NOT_SIGNED_IN,
        403: failure("Not your own account"),
      },
    }),
  ),
  ...(["make-admin", "revoke-admin"] as const).map(
    (action): ApiCall => ({
      method: "post",
      path: `/api/users/${action}`,
      tag: "Users",
      summary: action === "make-admin" ? "Make a user admin" : "Take the admin role away (never the last admin)",
      access: "admin",
      body: roleChangeInput,
      answers: {
        200: { description: "`modifiedCount` 1, or 0 with a `message`", schema: modified },
        ...BAD_BODY,
        ...ADMIN_ONLY,
        409: failure("The last admin cannot be demoted"),
      },
    }),
  ),
];

const handle = z.string().nullable();
const memberProfile = z
  .strictObject({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    batch: z.number().int().nullable(),
    session: z.string().nullable(),
    studentId: z.string().nullable(),
    email: z.string(),
    emailVisible: z.boolean(),
    listed: z.boolean().meta({ description: "On the Students page and the member's own page" }),
    photoURL: z.string(),
    handles: z.strictObject({ codeforces: handle, vjudge: handle, atcoder: handle, codechef: handle }),
    github: z.string().nullable(),
    linkedin: z.string().nullable(),
    bio: z.string(),
    profileUrl: z.string().meta({ description: "The member's public page (absolute)" }),
  })
  .meta({ id: "MemberProfile" });

const NO_PROFILE = { 404: failure("This account has no member profile yet") };

const memberCalls: ApiCall[] = [
  {
    method: "get",
    path: "/api/members/me",
    tag: "Members",
    summary: "Your own member profile",
    access: "signed-in",
    answers: { 200: { description: "The profile", schema: memberProfile }, ...NOT_SIGNED_IN, ...NO_PROFILE },
  },
  {
    method: "put",
    path: "/api/members/me",
    tag: "Members",
    summary: "Save your own member profile (never anyone else's)",
    description:
      "The profile as GET answers it is taken back too: its `handles` count as the fields of the same " +
      "names, and the fields no one sets (`_id`, `slug`, `email`, `profileUrl`) are ignored.",
    access: "signed-in",
    body: memberProfileInput,
    answers: {
      200: { description: "Saved", schema: memberProfile },
      ...BAD_BODY,
      ...NOT_SIGNED_IN,
      ...NO_PROFILE,
      409: failure("A handle another member has; `errors` names the judge's field"),
    },
  },
];

const application = z
  .strictObject({
    _id: z.string(),
    round_id: z.string(),
    session: z.string().nullable(),
    name: z.string(),
    batch: z.number().int().nullable(),
    email: z.string(),
    studentId: z.string().nullable(),
    photoURL: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "MembershipApplication" });

const round = z
  .strictObject({
    _id: z.string(),
    session: z.string(),
    opens_on: z.iso.date(),
    closes_on: z.iso.date().meta({ description: "The last day to apply (inclusive), on the club's calendar" }),
    note: z.string(),
  })
  .meta({ id: "MembershipRound" });

const membershipCalls: ApiCall[] = [
  {
    method: "get",
    path: "/api/membership-rounds",
    tag: "Members",
    summary: "Every membership round, the newest first: apply in the one open today",
    access: "signed-in",
    answers: { 200: { description: "The rounds", schema: z.array(round) }, ...NOT_SIGNED_IN, ...READ_FAILED },
  },
  {
    method: "post",
    path: "/api/membership-rounds/{id}/applications",
    tag: "Members",
    summary: "Apply in an open membership round (once per round)",
    access: "signed-in",
    params: z.object({ id: z.string() }),
    body: applicationInput,
    answers: {
      201: { description: "Applied", schema: inserted },
      ...BAD_BODY,
      ...NOT_SIGNED_IN,
      403: failure("The account's email address is not confirmed yet (the link mailed at sign-up)"),
      404: failure("No such round"),
      409: failure("The round is closed, or you have applied in it already"),
    },
  },
  {
    method: "get",
    path: "/api/membership-rounds/{id}/applications",
    tag: "Members",
    summary: "A round's applications, the oldest first",
    access: "editor",
    params: z.object({ id: z.string() }),
    query: applicationFilterQuery,
    answers: {
      200: { description: "The applications", schema: z.array(application) },
      ...ADMIN_ONLY,
      404: failure("No such round"),
    },
  },
  {
    method: "post",
    path: "/api/membership-applications/{id}/{decision}",
    tag: "Members",
    summary: "Approve (the person becomes a member) or reject a waiting application",
    access: "editor",
    params: z.object({ id: z.string(), decision: z.enum(["approve", "reject"]) }),
    body: decisionInput,
    answers: {
      200: { description: "`modifiedCount` 1", schema: modified },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      404: failure("No waiting application has this id"),
    },
  },
];

const registrationCalls: ApiCall[] = [
  {
    method: "post",
    path: "/api/events/{id}/registrations",
    tag: "Events",
    summary: "Register for an event: alone, or a team with you as its captain",
    description:
      "Within capacity a team holds a place as `pending` until every teammate confirms on the event's " +
      "page (signed in with the address named here), then `confirmed`; beyond it, `waitlisted` with its " +
      "`position`. A pending team that is not complete within `TEAM_CONFIRM_HOURS` (48), or by the time " +
      "registration closes, gives its place to the waitlist. Each teammate is invited by mail (one " +
      "invitation per address and event) and may decline; so is the registrant. Naming teammates counts " +
      "against the registrant's invitations (10 an hour).",
    access: "signed-in",
    params: z.object({ id: z.string() }),
    body: registrationInput,
    answers: {
      201: { description: "Registered", schema: registeredAnswer },
      ...BAD_BODY,
      ...NOT_SIGNED_IN,
      403: failure("You (or a teammate) are not in a batch the event is open to"),
      404: failure("No such event"),
      409: failure(
        "Registration is closed, the event is full without a waitlist, you are registered already (or invited into a team: decline it first), a teammate is in another team, or the team name is taken",
      ),
      429: failure("You have named too many teammates lately (the message says when to try again)"),
    },
  },
  {
    method: "get",
    path: "/api/events/{id}/registrations",
    tag: "Events",
    summary: "An event's registrations in order of arrival (cancelled ones last), with their people",
    access: "check-in",
    params: z.object({ id: z.string() }),
    answers: {
      200: { description: "The registrations", schema: z.array(apiRegistration) },
      ...ADMIN_ONLY,
      404: failure("No such event"),
    },
  },
  {
    method: "delete",
    path: "/api/registrations/{id}",
    tag: "Events",
    summary: "Cancel a registration: its registrant before registration closes, an admin at any time",
    description:
      "The place goes to the first on the waitlist, who is mailed; `promoted` lists the registrations that moved up.",
    access: "signed-in",
    params: z.object({ id: z.string() }),
    answers: {
      200: {
        description: "Cancelled",
        schema: z.strictObject({ cancelled: z.literal(true), promoted: z.array(z.string()) }).meta({ id: "Cancelled" }),
      },
      ...NOT_SIGNED_IN,
      403: failure("Not your registration"),
      404: failure("No such registration, or it is cancelled already"),
      409: failure("Registration has closed: only an admin can cancel now"),
    },
  },
];

const checkedIn = z.strictObject({ code: z.string(), name: z.string(), checked_in_at: z.string() });
const checkInOutcome = z
  .discriminatedUnion("status", [
    checkedIn.extend({ status: z.literal("checked_in") }),
    checkedIn.extend({ status: z.literal("already") }).meta({ description: "`checked_in_at` is the first check-in's" }),
    z.strictObject({ code: z.string(), status: z.literal("invalid") }),
  ])
  .meta({ id: "CheckInOutcome" });

const checkInCalls: ApiCall[] = [
  {
    method: "post",
    path: "/api/events/{id}/check-ins",
    tag: "Events",
    summary: "Check people in at the door: a batch of ticket codes, as a device queued them offline",
    description:
      "Case, spaces and dashes in a code don't matter; `at` is when the device checked the person in (a time " +
      "in the future counts as now). The first check-in of a ticket wins: a later one is `already`, with the " +
      "first one's time. A code nobody issued, of another event, or of someone without a confirmed place is " +
      "`invalid`. One result per check-in, in the order sent.",
    access: "check-in",
    params: z.object({ id: z.string() }),
    body: checkInBatchInput,
    answers: {
      200: {
        description: "The results",
        schema: z.strictObject({ results: z.array(checkInOutcome) }).meta({ id: "CheckInResults" }),
      },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      404: failure("No such event"),
    },
  },
];

const certificateCalls: ApiCall[] = [
  {
    method: "post",
    path: "/api/events/{id}/certificates",
    tag: "Events",
    summary: "Issue a certificate to everyone checked in at the event who has none yet",
    description:
      "Each certificate carries the person's and the event's names as they are now, and a code anyone can " +
      "check at `/certificates/{code}`. Calling again issues only to those checked in since.",
    access: "editor",
    params: z.object({ id: z.string() }),
    answers: {
      201: { description: "Some were issued", schema: issuedAnswer },
      200: { description: "Nobody was waiting for one (`issued` 0)", schema: issuedAnswer },
      ...ADMIN_ONLY,
      404: failure("No such event"),
      409: failure("The event has not started yet"),
    },
  },
];

const standingsCalls: ApiCall[] = [
  {
    method: "post",
    path: "/api/standings/import",
    tag: "Standings",
    summary:
      "Import a contest's standings from a judge's file (multipart: `format`, `file` or `codeforces_contest`, `name`, `held_on`, `replaces`)",
    description:
      "`format` is one of clics (a contest package .zip), domjudge-results, icpc-scoreboard, codeforces, vjudge, csv. " +
      "People are matched to member profiles by judge handle or email. `?dryRun=1` answers the preview and saves nothing; " +
      "otherwise the standings are published (replacing those of the contest named by `replaces`).",
    access: "editor",
    query: z.object({ dryRun: z.enum(["1"]).optional() }),
    answers: {
      200: { description: "The preview (dryRun)", schema: z.strictObject({ preview: standingsPreviewAnswer }) },
      201: {
        description: "Published",
        schema: z.strictObject({ contestId: z.string(), slug: z.string() }).meta({ id: "StandingsImported" }),
      },
      400: failure("A bad field, no file, or a file that is not of the chosen format (the message names where)"),
      ...ADMIN_ONLY,
      413: failure(
        "The file is over 10 MB, or past an import's limits (teams, problems, lines, inflated bytes of a package, memory or time of its reading; the message names the limit)",
      ),
      502: failure("Codeforces could not be reached, or refused the contest id"),
    },
  },
  {
    method: "get",
    path: "/api/standings/{id}",
    tag: "Standings",
    summary: "A contest's standings (admins also see unpublished previews)",
    access: "public",
    params: z.object({ id: z.string() }),
    answers: { 200: { description: "The standings", schema: apiStandings }, 404: failure("No such contest") },
  },
  {
    method: "get",
    path: "/api/rankings/{slug}",
    tag: "Standings",
    summary: "A club ranking: the members' combined standings across its contests, with attendance",
    access: "public",
    params: z.object({ slug: z.string() }),
    answers: { 200: { description: "The ranking", schema: apiRanking }, 404: failure("No such ranking") },
  },
];

const settingsCalls: ApiCall[] = [
  {
    method: "get",
    path: "/api/settings",
    tag: "Settings",
    summary: "The site's settings: the club's facts, contact, and the texts of the public pages",
    access: "public",
    answers: { 200: { description: "Every setting", schema: siteSettingsSchema }, ...READ_FAILED },
  },
  {
    method: "put",
    path: "/api/settings",
    tag: "Settings",
    summary: "Change settings (any of them: each one given replaces the stored one whole, a list too)",
    description:
      "Settings left out stay as they are. Long texts are Markdown (raw HTML is shown as text). " +
      "A change is on every page at once, and is recorded in the audit log.",
    access: "admin",
    body: siteSettingsPatch,
    answers: {
      200: { description: "Every setting, as saved", schema: siteSettingsSchema },
      ...BAD_BODY,
      ...ADMIN_ONLY,
    },
  },
];

const uploadCall: ApiCall = {
  method: "post",
  path: "/api/uploads",
  tag: "Uploads",
  summary: "Upload an image or a PDF (multipart field `file`)",
  description:
    "Admins upload freely; anyone else (the public forms) a limited number of files per address and " +
    "window, shown to admins only until the submission that links them is approved.",
  access: "anyone",
  query: z.object({ accept: z.enum(["image", "pdf", "image,pdf"]).default("image,pdf").optional() }),
  answers: {
    201: { description: "Stored", schema: uploaded },
    400: failure("No `file` field, a bad `accept`, or a file that is not what it claims"),
    413: failure("The file is too large"),
    415: failure("Not an accepted kind of file"),
    ...RATE_LIMITED,
  },
};

const searchCall: ApiCall = {
  method: "get",
  path: "/api/search",
  tag: "Search",
  summary: "Search the site: published notices, events, results and standings, students, teachers, executives",
  description:
    "Words match whole words, their starts, or any part of three characters or more (a Bangla word's " +
    "middle, part of a handle); every word must be found. Best matches first, 10 a page; a page past " +
    "the end answers the last one. Members who hide themselves are never found, and no email is.",
  access: "public",
  query: searchQueryInput,
  answers: {
    200: { description: "One page of results", schema: searchAnswer },
    400: failure("`q` missing, too short or too long (named in `errors`)"),
    ...READ_FAILED,
  },
};

/** Any call may be refused before it reaches its route (server/security.ts, `requestShapeGuard`). */
const MALFORMED = { 400: failure("A malformed request (say, a NUL character in the address)") };

/** Every call of our own API, in the order the document lists them. */
export const apiCalls: readonly ApiCall[] = [
  ...Object.values(collectionServices).flatMap(collectionCalls),
  ...reviewCalls,
  ...userCalls,
  ...memberCalls,
  ...membershipCalls,
  ...registrationCalls,
  ...standingsCalls,
  ...checkInCalls,
  ...certificateCalls,
  ...settingsCalls,
  searchCall,
  uploadCall,
].map((call) => ({ ...call, answers: { ...MALFORMED, ...call.answers } }));

/** A session cookie or an admin's API token, either one. */
const SIGNED_IN: Record<string, string[]>[] = [{ session: [] }, { token: [] }];

function operation(call: ApiCall): ZodOpenApiOperationObject {
  const responses = Object.fromEntries(
    Object.entries(call.answers).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        content: { "application/json": { schema: answer.schema } },
        ...(answer.headers && { headers: answer.headers }),
      },
    ]),
  );
  return {
    tags: [call.tag],
    summary: call.summary,
    ...(call.description && { description: call.description }),
    ...(call.access !== "public" && { security: call.access === "anyone" ? [{}, ...SIGNED_IN] : SIGNED_IN }),
    ...(ROLES_OF_ACCESS[call.access] && { "x-roles": ROLES_OF_ACCESS[call.access] }),
    ...((call.params || call.query) && {
      requestParams: { ...(call.params && { path: call.params }), ...(call.query && { query: call.query }) },
    }),
    ...(call.body && { requestBody: { required: true, content: { "application/json": { schema: call.body } } } }),
    ...(call.path === uploadCall.path && {
      requestBody: {
        required: true,
        content: { "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) } },
      },
    }),
    responses,
  };
}

export function buildOpenApiDocument(baseUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const call of apiCalls) paths[call.path] = { ...paths[call.path], [call.method]: operation(call) };
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "RMSTU Programming Club API",
      version: "1.0.0",
      description:
        "Reads are public. Every write, the user list and the review queue need an admin: a session " +
        "(the `better-auth.session_token` cookie from /login or /api/auth/*) or an API token made in " +
        "the dashboard (/dashboard/api-tokens), sent as `Authorization: Bearer <token>`. Errors are " +
        "`{ message, errors? }` with the matching status.",
    },
    servers: [{ url: baseUrl }],
    tags: [...new Set(apiCalls.map((call) => call.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: recordComponents,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        token: { type: "http", scheme: "bearer", description: "A personal API token from /dashboard/api-tokens" },
      },
    },
  });
}

function templateMatches(template: string, path: string): boolean {
  const want = template.split("/");
  const got = path.split("/");
  return want.length === got.length && want.every((part, i) => part.startsWith("{") || part === got[i]);
}

/**
 * The call a request made (`GET`, `/api/notices/abc`), literal paths before templated ones
 * (`/api/users/make-admin` before `/api/users/{email}`).
 */
export function findApiCall(method: string, path: string): ApiCall | undefined {
  const lower = method.toLowerCase();
  const candidates = apiCalls.filter((call) => call.method === lower && templateMatches(call.path, path));
  return candidates.find((call) => call.path === path) ?? candidates[0];
}
