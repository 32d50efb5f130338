import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type {
  StandingsCell,
  StandingsMember,
  StandingsProblem,
  StandingsWarning,
} from "~/features/standings/standings";
import { LOCALES } from "~/i18n/locales";
import { users } from "./auth-schema";
import {
  EVENT_STATUSES,
  JUDGE_ACCOUNT_STATUSES,
  JUDGE_CALLERS,
  LIVE_CONTEST_SOURCES,
  LIVE_CONTEST_STATUSES,
  PRACTICE_JUDGES,
  PUBLISHING_CHOICES,
  REGISTRATION_STATUSES,
  SERIES_FREQUENCIES,
  STANDINGS_FORMATS,
} from "./enums";
import { searchDocument, searchIndexes } from "./search-documents";

const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** The dashboard tables' order (newest first), so a page of them is an index range scan. */
const newestFirstIndex = (table: string, t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  index(`${table}_created_idx`).on(t.createdAt.desc().nullsFirst(), t.id);

/**
 * Public submissions wait in the review queue as `pending` until an admin approves them; an
 * admin's own item may be a `draft` or `scheduled` (see publishing.ts).
 */
export const PUBLICATION_STATUSES = [...PUBLISHING_CHOICES, "pending"] as const;
const status = () => text("status", { enum: PUBLICATION_STATUSES }).notNull().default("published");
/** When the publisher job is to publish a `scheduled` row; null for every other status. */
const publishAt = () => timestamp("publish_at", { withTimezone: true });
/**
 * A schedule belongs to a scheduled row only, so the publisher's one statement per table can
 * clear it, and its partial index holds exactly the rows waiting.
 */
const scheduling = (table: string, t: { status: ExtraConfigColumn; publishAt: ExtraConfigColumn }) => [
  check(`${table}_publish_at_check`, sql`(${t.status} = 'scheduled') = (${t.publishAt} is not null)`),
  index(`${table}_scheduled_idx`).on(t.publishAt).where(sql`${t.status} = 'scheduled'`),
];

/**
 * What site search reads in each table (search-documents.ts): the shown texts, and for a
 * student the judge handles, never the email.
 */
type Cols<K extends string> = Record<K, Parameters<typeof searchDocument>[number]>;
export const eventSearchDocument = (t: Cols<"name" | "eventType" | "venue" | "details">) =>
  searchDocument(t.name, t.eventType, t.venue, t.details);
export const noticeSearchDocument = (t: Cols<"name" | "description">) => searchDocument(t.name, t.description);
export const resultSearchDocument = (t: Cols<"name" | "description">) => searchDocument(t.name, t.description);
export const contestSearchDocument = (t: Cols<"name">) => searchDocument(t.name);
export const studentSearchDocument = (t: Cols<"name" | "codeforces" | "vjudge" | "atcoder" | "codechef" | "github">) =>
  searchDocument(t.name, t.codeforces, t.vjudge, t.atcoder, t.codechef, t.github);
export const teacherSearchDocument = (t: Cols<"name" | "designation" | "details">) =>
  searchDocument(t.name, t.designation, t.details);
export const executiveSearchDocument = (t: Cols<"name" | "title" | "designation" | "panel">) =>
  searchDocument(t.name, t.title, t.designation, t.panel);

/**
 * A recurring event: its rule, and the event every occurrence copies (`template`, the event
 * form's fields). Each occurrence is an `events` row of its own (series_id, occurrence_of), made
 * ahead by series.server.ts, so registration, check-in and attendance work on it as on any event.
 */
export const eventSeries = pgTable("event_series", {
  id: id(),
  /** `weekly` (on `weekdays`, every `interval` weeks) or `monthly` (the `month_week`th `month_weekday`). */
  frequency: text("frequency", { enum: SERIES_FREQUENCIES }).notNull(),
  interval: integer("interval").notNull().default(1),
  /** Weekly: days of the week, 0 Sunday … 6 Saturday. */
  weekdays: integer("weekdays").array().notNull().default(sql`'{}'::integer[]`),
  /** Monthly: 1-4, or -1 for the month's last such weekday. */
  monthWeek: integer("month_week"),
  monthWeekday: integer("month_weekday"),
  /** The first day the rule may fall on, and the start time on the clocks of `time_zone`. */
  startsOn: date("starts_on").notNull(),
  startsAt: text("starts_at").notNull(),
  durationMinutes: integer("duration_minutes").notNull(),
  timeZone: text("time_zone").notNull(),
  /** The rule ends on this day (inclusive) or after `count` occurrences; neither: it goes on. */
  untilOn: date("until_on"),
  count: integer("count"),
  template: jsonb("template").$type<Record<string, unknown>>().notNull(),
  /** Occurrences are made up to this day: the top-up job adds later ones only, so a deleted one stays deleted. */
  madeUntil: date("made_until"),
  createdAt: createdAt(),
});

export const events = pgTable(
  "events",
  {
    id: id(),
    eventType: text("event_type").notNull(),
    name: text("name").notNull(),
    startsOn: date("starts_on"),
    startsAt: text("starts_at").notNull(),
    problemNumber: integer("problem_number").notNull(),
    contestDuration: text("contest_duration").notNull(),
    details: text("details").notNull(),
    /** The event's page, /events/{category}/{slug}: from the name, kept when the event is edited. */
    slug: text("slug").notNull().default(""),
    /** Instants (the edges show them on the club's clocks); the start above is the spec's clock text. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** A place, or an online meeting's address. */
    venue: text("venue").notNull().default(""),
    banner: text("banner").notNull().default(""),
    registrationOpens: timestamp("registration_opens", { withTimezone: true }),
    registrationCloses: timestamp("registration_closes", { withTimezone: true }),
    /** Places; null: unlimited. */
    capacity: integer("capacity"),
    teamSizeMin: integer("team_size_min").notNull().default(1),
    teamSizeMax: integer("team_size_max").notNull().default(1),
    /** Batches that may register; empty: everyone. */
    eligibleBatches: integer("eligible_batches").array().notNull().default(sql`'{}'::integer[]`),
    /** Only approved members of the current membership round may register (and the batches still apply). */
    membersOnly: boolean("members_only").notNull().default(false),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("published"),
    publishAt: publishAt(),
    /** When full: new registrations wait in line (true) or are refused (false). */
    waitlist: boolean("waitlist").notNull().default(true),
    /** An occurrence of a series; an edit of the series leaves it alone once `moved`. */
    seriesId: uuid("series_id").references(() => eventSeries.id, { onDelete: "set null" }),
    /** The start the series' rule gave it (calendars' RECURRENCE-ID), kept when it is moved. */
    occurrenceOf: timestamp("occurrence_of", { withTimezone: true }),
    /** Changed on its own (time, venue…): an edit of the series no longer rewrites it. */
    moved: boolean("moved").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    ...scheduling("events", t),
    uniqueIndex("events_series_occurrence_key").on(t.seriesId, t.occurrenceOf),
    uniqueIndex("events_slug_key").on(t.slug),
    index("events_type_starts_idx").on(t.eventType, t.startsOn),
    index("events_name_idx").on(t.name),
    index("events_starts_idx").on(t.startsOn),
    newestFirstIndex("events", t),
    ...searchIndexes("events", eventSearchDocument(t)),
  ],
);

export const notices = pgTable(
  "notices",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    publishingDate: date("publishing_date").notNull(),
    chrMonth: varchar("chr_month", { length: 3 }).notNull(),
    day: varchar("day", { length: 2 }).notNull(),
    pdfFile: text("pdf_file").notNull(),
    description: text("description").notNull(),
    status: status(),
    publishAt: publishAt(),
    createdAt: createdAt(),
  },
  (t) => [
    ...scheduling("notices", t),
    index("notices_status_date_idx").on(t.status, t.publishingDate),
    index("notices_status_name_idx").on(t.status, t.name),
    ...searchIndexes("notices", noticeSearchDocument(t)),
  ],
);

export const results = pgTable(
  "results",
  {
    id: id(),
    name: text("name").notNull(),
    publishingDate: date("publishing_date").notNull(),
    pdfFile: text("pdf_file").notNull(),
    img: text("img"),
    description: text("description"),
    status: status(),
    publishAt: publishAt(),
    createdAt: createdAt(),
  },
  (t) => [
    ...scheduling("results", t),
    index("results_status_date_idx").on(t.status, t.publishingDate),
    index("results_status_name_idx").on(t.status, t.name),
    ...searchIndexes("results", resultSearchDocument(t)),
  ],
);

/**
 * A student on the Students page, and a member's profile once an account is linked to it
 * (`user_id`): the member then keeps it up to date, handles for the judges included.
 */
export const students = pgTable(
  "students",
  {
    id: id(),
    name: text("name").notNull(),
    batch: integer("batch"),
    email: text("email").notNull(),
    photoURL: text("photo_url").notNull(),
    session: varchar("session", { length: 9 }),
    /**
     * The member page's address: /students/{slug}. The app picks a readable one; a row written
     * without one (a script, psql, a bulk load) gets the name and the start of its id from a
     * trigger (drizzle/0008), so every write path has one.
     */
    slug: text("slug").notNull().unique().default(""),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    studentNumber: text("student_number"),
    /** The member may hide their email: it is then in no page and no JSON. */
    emailVisible: boolean("email_visible").notNull().default(true),
    /** The member may leave the Students page (and their own page): admins still see them. */
    hidden: boolean("hidden").notNull().default(false),
    /** The member agreed to show their involvement (sessions, events, contests, roles) on their page. */
    involvementPublic: boolean("involvement_public").notNull().default(false),
    codeforces: text("codeforces"),
    vjudge: text("vjudge"),
    atcoder: text("atcoder"),
    codechef: text("codechef"),
    github: text("github"),
    linkedin: text("linkedin"),
    bio: text("bio").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("students_batch_name_idx").on(t.batch, t.name),
    index("students_name_idx").on(t.name),
    index("students_session_idx").on(t.session),
    newestFirstIndex("students", t),
    uniqueIndex("students_user_key").on(t.userId),
    // A handle belongs to one member per judge, whatever its case.
    uniqueIndex("students_codeforces_key").on(sql`lower(${t.codeforces})`),
    uniqueIndex("students_vjudge_key").on(sql`lower(${t.vjudge})`),
    uniqueIndex("students_atcoder_key").on(sql`lower(${t.atcoder})`),
    uniqueIndex("students_codechef_key").on(sql`lower(${t.codechef})`),
    ...searchIndexes("students", studentSearchDocument(t)),
  ],
);

/**
 * How many students each batch has (batch null: students without one), kept by row triggers
 * on `students` (drizzle/0004), so a page's total and the batch list never count the table.
 */
export const studentBatchCounts = pgTable(
  "student_batch_counts",
  {
    batch: integer("batch"),
    students: integer("students").notNull(),
  },
  (t) => [unique("student_batch_counts_batch_key").on(t.batch).nullsNotDistinct()],
);

export const teachers = pgTable(
  "teachers",
  {
    id: id(),
    name: text("name").notNull(),
    designation: text("designation").notNull(),
    email: text("email").notNull(),
    photoURL: text("photo_url").notNull(),
    joinDate: date("join_date").notNull(),
    details: text("details").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("teachers_name_idx").on(t.name),
    index("teachers_designation_idx").on(t.designation),
    ...searchIndexes("teachers", teacherSearchDocument(t)),
    newestFirstIndex("teachers", t),
  ],
);

export const executives = pgTable(
  "executives",
  {
    id: id(),
    name: text("name").notNull(),
    title: text("title"),
    designation: text("designation").notNull(),
    email: text("email").notNull(),
    photoURL: text("photo_url").notNull(),
    panel: varchar("panel", { length: 9 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("executives_panel_idx").on(t.panel),
    index("executives_name_idx").on(t.name),
    index("executives_designation_idx").on(t.designation),
    ...searchIndexes("executives", executiveSearchDocument(t)),
    newestFirstIndex("executives", t),
  ],
);

export const recentEvents = pgTable(
  "recent_events",
  {
    id: id(),
    name: text("name").notNull(),
    img1: text("img1").notNull(),
    details: text("details").notNull(),
    details1: text("details1").notNull().default(""),
    details2: text("details2").notNull().default(""),
    img2: text("img2").notNull(),
    img3: text("img3").notNull(),
    status: text("status", { enum: PUBLISHING_CHOICES }).notNull().default("published"),
    publishAt: publishAt(),
    createdAt: createdAt(),
  },
  (t) => [
    ...scheduling("recent_events", t),
    index("recent_events_name_idx").on(t.name),
    newestFirstIndex("recent_events", t),
  ],
);

/** Site settings override the club facts in app/content (key = setting name, value = text). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** `app_meta`'s key saying the one-time demo seed ran (or was skipped by a restore). */
export const DEMO_SEED_KEY = "demo-content-seeded";

/** Records that the one-time demo seed ran, so a restart never re-seeds over edits. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const MEDIA_KINDS = ["image", "pdf"] as const;

/**
 * Every uploaded file (see app/lib/media.ts for the names). The collector deletes a file
 * once no content row links it (app/lib/media-collector.server.ts).
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    /** The served name: /media/{key}. */
    key: text("key").notNull().unique(),
    /** Hash of the uploaded bytes: the same file uploaded twice is processed and stored once. */
    hash: text("hash").notNull().unique(),
    kind: text("kind", { enum: MEDIA_KINDS }).notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** The resized copies of an image, deleted together with it. */
    variantKeys: text("variant_keys").array().notNull().default(sql`'{}'::text[]`),
    /** `user:{id}` for a signed-in person, or a hash of a visitor's address (the upload limit counts these). */
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the collector last saw content link it; null: not linked since the (last) upload. */
    referencedAt: timestamp("referenced_at", { withTimezone: true }),
    /** Sent through a public form and not approved yet: served to admins only. */
    awaitingReview: boolean("awaiting_review").notNull().default(false),
  },
  (t) => [index("media_uploader_idx").on(t.uploadedBy, t.uploadedAt)],
);

/** A club's membership runs per session: a round is open for applications between two dates. */
export const membershipRounds = pgTable(
  "membership_rounds",
  {
    id: id(),
    session: varchar("session", { length: 9 }).notNull(),
    opensOn: date("opens_on").notNull(),
    closesOn: date("closes_on").notNull(),
    note: text("note").notNull().default(""),
    /** The round's fee in the currency's minor unit (poisha for BDT); null: no fee. */
    feeMinor: integer("fee_minor"),
    /** ISO 4217 code of the fee and its payments. */
    currency: varchar("currency", { length: 3 }).notNull().default("BDT"),
    /** Approved applicants count as members only once they have paid the fee. */
    feeRequired: boolean("fee_required").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("membership_rounds_dates_idx").on(t.opensOn, t.closesOn)],
);

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;

/**
 * A person's application in a round, with the profile they applied with (their member profile
 * is made or updated from it when an admin approves). One per person and round.
 */
export const membershipApplications = pgTable(
  "membership_applications",
  {
    id: id(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => membershipRounds.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    batch: integer("batch"),
    session: varchar("session", { length: 9 }),
    studentNumber: text("student_number"),
    photoURL: text("photo_url").notNull(),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    unique("membership_applications_round_user_key").on(t.roundId, t.userId),
    index("membership_applications_round_status_idx").on(t.roundId, t.status, t.createdAt),
    index("membership_applications_user_idx").on(t.userId),
  ],
);

export const PAYMENT_METHODS = ["cash", "bkash", "nagad", "rocket", "bank"] as const;

/**
 * A membership fee paid: recorded by an admin (`source` "manual") or, one day, by a payment
 * gateway. The payer's and recorder's names are kept as they were, so a receipt reads the same
 * after an account goes. One transaction reference per method is recorded once.
 */
export const membershipPayments = pgTable(
  "membership_payments",
  {
    id: id(),
    receiptNumber: text("receipt_number").notNull().unique(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => membershipRounds.id, { onDelete: "restrict" }),
    applicationId: uuid("application_id").references(() => membershipApplications.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    payerName: text("payer_name").notNull(),
    payerEmail: text("payer_email").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference").notNull().default(""),
    amountMinor: integer("amount_minor").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    paidOn: date("paid_on").notNull(),
    source: text("source").notNull().default("manual"),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("membership_payments_round_idx").on(t.roundId, t.paidOn),
    index("membership_payments_user_idx").on(t.userId),
    uniqueIndex("membership_payments_reference_key").on(t.method, t.reference).where(sql`${t.reference} <> ''`),
    check("membership_payments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/** What subscribers and webhooks hear about: notices, results, and events per type (`events:Seminar`). */
export const PUBLICATION_COLLECTIONS = ["notices", "events", "results"] as const;

/**
 * Every notice, event and result as it is published (a trigger writes the row in the publishing
 * transaction, whoever publishes: a form, the API, the review queue), until the announcer has
 * told subscribers and webhooks about it. The weekly digest reads what was published when.
 */
export const publications = pgTable(
  "publications",
  {
    id: id(),
    collection: text("collection", { enum: PUBLICATION_COLLECTIONS }).notNull(),
    itemId: uuid("item_id").notNull(),
    topic: text("topic").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    announcedAt: timestamp("announced_at", { withTimezone: true }),
  },
  (t) => [
    unique("publications_item_key").on(t.collection, t.itemId),
    index("publications_unannounced_idx").on(t.publishedAt).where(sql`${t.announcedAt} is null`),
    index("publications_topic_date_idx").on(t.topic, t.publishedAt),
  ],
);

export const SUBSCRIPTION_FREQUENCIES = ["immediately", "weekly"] as const;

/** An email address that asked for mail about some topics; nothing is sent before `confirmed_at`. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
    frequency: text("frequency", { enum: SUBSCRIPTION_FREQUENCIES }).notNull().default("immediately"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The last confirmation or reminder mail: a repeated subscribe sends at most one per window. */
    lastAskedAt: timestamp("last_asked_at", { withTimezone: true }),
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    /** The language its mails are written in: the subscriber's when they subscribed or last chose. */
    locale: text("locale", { enum: LOCALES }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_email_key").on(sql`lower(${t.email})`),
    index("subscriptions_topics_idx").using("gin", t.topics),
  ],
);

export const MAIL_STATUSES = ["queued", "sent", "outbox"] as const;

/**
 * Every mail the site sends, written before it is sent: the job that sends it reads it from
 * here, so a retry sends the same message (same Message-ID) and a sent one is never sent again.
 * Without SMTP it stays here as the outbox admins read.
 */
export const mails = pgTable(
  "mails",
  {
    id: id(),
    /** Unique per reason (a publication and a subscriber, a confirmation…): announcing twice writes one mail. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** One-click unsubscribe address (List-Unsubscribe), when the mail is about a subscription. */
    unsubscribeUrl: text("unsubscribe_url"),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    lastError: text("last_error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [newestFirstIndex("mails", t), index("mails_status_idx").on(t.status, t.createdAt)],
);

export const WEBHOOK_KINDS = ["discord", "slack", "telegram"] as const;

/** Where publications are posted (a chat's incoming webhook or a Telegram bot); secrets sealed (app/lib/signed-token.server.ts). */
export const webhooks = pgTable("webhooks", {
  id: id(),
  name: text("name").notNull(),
  kind: text("kind", { enum: WEBHOOK_KINDS }).notNull(),
  /** The webhook URL, or for Telegram the bot token, sealed with the site's secret. */
  sealedSecret: text("sealed_secret").notNull(),
  /** Telegram's chat id (not secret); null for the others. */
  chatId: text("chat_id"),
  topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/**
 * One row: when the next mail may go out under SMTP_RATE_PER_MINUTE. Senders reserve their
 * slots in one statement, so every process shares the pace.
 */
export const mailPace = pgTable("mail_pace", {
  id: integer("id").primaryKey().default(1),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's or a team's registration for an event. `pending`: a team holding a place until
 * every teammate confirms; `waitlisted`: beyond capacity, in `arrival` order; `cancelled`
 * rows stay for the record. Every change happens with the event's row locked, so places are
 * counted by one writer at a time.
 */
export const registrations = pgTable(
  "registrations",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Who registered (the team's captain); null once their account is deleted. */
    captainId: uuid("captain_id").references(() => users.id, { onDelete: "set null" }),
    teamName: text("team_name"),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull(),
    /** Order of arrival: the waitlist's order. Taken under the event's lock, so it is the order of registering. */
    arrival: bigserial("arrival", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** A pending team gives its place up at this time unless every teammate has confirmed by then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("registrations_event_status_idx").on(t.eventId, t.status, t.arrival),
    index("registrations_pending_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index("registrations_captain_idx").on(t.captainId),
    uniqueIndex("registrations_team_name_key")
      .on(t.eventId, sql`lower(${t.teamName})`)
      .where(sql`${t.status} <> 'cancelled' and ${t.teamName} is not null`),
  ],
);

/**
 * The people of a registration: the captain (confirmed when registering) and teammates named
 * by email (confirmed from the link mailed to them). `active` is false once the registration
 * is cancelled; an address is active in one registration per event.
 */
export const attendees = pgTable(
  "attendees",
  {
    id: id(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The captain first, then teammates in the order named. */
    position: integer("position").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** A teammate who said no to the invitation: no longer active, and out of the team. */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    /** The ticket's own part of its code (app/features/events/tickets.server.ts): 10 random hex digits. */
    ticket: text("ticket")
      .notNull()
      .unique()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
  },
  (t) => [
    index("attendees_registration_idx").on(t.registrationId, t.position),
    index("attendees_user_idx").on(t.userId),
    uniqueIndex("attendees_event_email_key").on(t.eventId, sql`lower(${t.email})`).where(sql`${t.active}`),
  ],
);

/**
 * A certificate of attendance: issued once per person checked in at an event, with a code
 * anyone can verify at /certificates/{code}. Names are copied at issue time, so a certificate
 * says what it said when it was issued.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: id(),
    code: text("code").notNull().unique(),
    attendeeId: uuid("attendee_id")
      .notNull()
      .unique()
      .references(() => attendees.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    personName: text("person_name").notNull(),
    eventName: text("event_name").notNull(),
    /** The event's day, `YYYY-MM-DD`. */
    eventDate: date("event_date").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("certificates_user_idx").on(t.userId), index("certificates_event_idx").on(t.eventId)],
);

/**
 * Who came to an event as ticked on its attendance sheet: members from the member list, no
 * registration needed. A tick and an untick are both kept as `present`, with the device's time:
 * the later mark wins whichever arrives first, so a queue replayed from a phone changes nothing.
 * An event's attendance is these (present) and its checked-in registrants.
 */
export const eventAttendance = pgTable(
  "event_attendance",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    present: boolean("present").notNull(),
    /** When the device marked them (a time in the future counts as the server's now). */
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
    markedBy: uuid("marked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.studentId] }),
    index("event_attendance_student_idx").on(t.studentId).where(sql`${t.present}`),
  ],
);

/** Members an admin marked as volunteers of an event: a role they held, for their involvement. */
export const eventVolunteers = pgTable(
  "event_volunteers",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.studentId] }), index("event_volunteers_student_idx").on(t.studentId)],
);

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const CONTEST_STATUSES = ["preview", "published"] as const;

/**
 * A contest with standings, imported from a judge's file (kept as it came, `source`). An import
 * is a `preview` (seen by admins only) until confirmed; confirming publishes it at
 * /results/{slug}, replacing the standings of the contest it was imported for.
 */
export const contests = pgTable(
  "contests",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    status: text("status", { enum: CONTEST_STATUSES }).notNull().default("preview"),
    scoring: text("scoring", { enum: ["icpc", "score"] }).notNull(),
    format: text("format", { enum: STANDINGS_FORMATS }).notNull(),
    heldOn: date("held_on"),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    resultId: uuid("result_id").references(() => results.id, { onDelete: "set null" }),
    /** The contest a preview replaces when confirmed; null: a new contest. */
    replacesId: uuid("replaces_id"),
    problems: jsonb("problems").$type<StandingsProblem[]>().notNull(),
    /** What the import found worth a look (unmatched handles, ranks that disagree), shown with the preview. */
    warnings: jsonb("warnings").$type<StandingsWarning[]>().notNull().default(sql`'[]'::jsonb`),
    sourceName: text("source_name").notNull(),
    source: bytes("source").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contests_status_held_idx").on(t.status, t.heldOn),
    ...searchIndexes("contests", contestSearchDocument(t)),
  ],
);

/** One participant's line of a contest's standings, with the member profiles it was matched to. */
export const contestRows = pgTable(
  "contest_rows",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    /** The order of the standings (ties keep the file's order). */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    rank: integer("rank"),
    solved: integer("solved").notNull(),
    penalty: integer("penalty"),
    score: real("score"),
    cells: jsonb("cells").$type<Record<string, StandingsCell>>().notNull(),
    awards: text("awards").array().notNull().default(sql`'{}'::text[]`),
    members: jsonb("members").$type<StandingsMember[]>().notNull(),
    /** Member profiles matched by judge handle or email: member pages list their contests. */
    studentIds: uuid("student_ids").array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index("contest_rows_contest_idx").on(t.contestId, t.position),
    index("contest_rows_students_idx").using("gin", t.studentIds),
  ],
);

/**
 * A team an admin linked to member profiles in a preview, remembered by its name so the next
 * import of the same team (another contest on the same judge, next year's regional) is linked too.
 */
export const standingsTeamLinks = pgTable("standings_team_links", {
  /** The team's name in lower case, its spaces as one: how files of different judges still agree. */
  nameKey: text("name_key").primaryKey(),
  name: text("name").notNull(),
  studentIds: uuid("student_ids").array().notNull(),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
});

export const RANKING_RULES = ["solved-penalty", "rank-points", "score-share"] as const;

/** A club ranking across contests ("Weekly contests, Spring 2026"): its contests, each weighted, and a rule. */
export const rankingSeries = pgTable("ranking_series", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  rule: text("rule", { enum: RANKING_RULES }).notNull(),
  createdAt: createdAt(),
});

export const rankingSeriesContests = pgTable(
  "ranking_series_contests",
  {
    seriesId: uuid("series_id")
      .notNull()
      .references(() => rankingSeries.id, { onDelete: "cascade" }),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    weight: real("weight").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.contestId] }),
    index("ranking_series_contests_contest_idx").on(t.contestId),
  ],
);

/**
 * A contest followed live from its judge (a CLICS Contest API): where it is, the account the
 * follower uses (sealed with the site's secret, never shown again), how far the follower got
 * (`since_token`, `event_count`), and which process follows it (`lease_owner` until
 * `lease_until`: one follower across processes). Public at /results/{slug}/live.
 */
export const liveContests = pgTable("live_contests", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  source: text("source", { enum: LIVE_CONTEST_SOURCES }).notNull(),
  /** The Contest API's address (…/api/v4 on DOMjudge). */
  judgeApi: text("judge_api").notNull(),
  /** The contest's id on the judge. */
  judgeContestId: text("judge_contest_id").notNull(),
  /** `{"user","password"}` or `{"token"}` as JSON, sealed; null: the API is open. */
  sealedCredentials: text("sealed_credentials"),
  status: text("status", { enum: LIVE_CONTEST_STATUSES }).notNull().default("following"),
  /** The last event's token: the follower resumes after it. */
  sinceToken: text("since_token"),
  /** Events stored so far (the live page's version: it changes with every batch). */
  eventCount: integer("event_count").notNull().default(0),
  /** The latest scoreboard a polled judge answered (sources `clics-scoreboard`, `codeforces`, `vjudge`). */
  polledScoreboard: jsonb("polled_scoreboard"),
  /** Codeforces: the standings read with `showUnofficial` (virtual and out-of-competition rows too). */
  showUnofficial: boolean("show_unofficial").notNull().default(false),
  /** Seconds between two polls of the judge (never below its own limit: the follower holds to that too). */
  pollSeconds: integer("poll_seconds").notNull().default(10),
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastContactAt: timestamp("last_contact_at", { withTimezone: true }),
  lastError: text("last_error"),
  /** Medals the reveal stops on, counted from the top. */
  goldCount: integer("gold_count").notNull().default(4),
  silverCount: integer("silver_count").notNull().default(4),
  bronzeCount: integer("bronze_count").notNull().default(4),
  /** The reveal's step (null: not started); `revealed`: outcomes after the freeze are public. */
  revealStep: integer("reveal_step"),
  revealed: boolean("revealed").notNull().default(false),
  /** The published standings once finalized. */
  contestId: uuid("contest_id").references(() => contests.id, { onDelete: "set null" }),
  /** A replay's pace: times the contest's own clock (0: as fast as possible); null: never replayed. */
  replaySpeed: integer("replay_speed"),
  /** The recording's events a replay has played so far: it resumes after them (a restart included). */
  replayPosition: integer("replay_position").notNull().default(0),
  /** Bumped when a replay starts again from nothing: boards and kept states of the old events are dropped. */
  feedGeneration: integer("feed_generation").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A contest's recorded event feed, which a replay plays into its events at the admin's speed:
 * each event with its time in the contest (`at_ms`), in the feed's order.
 */
export const liveContestRecordings = pgTable(
  "live_contest_recordings",
  {
    liveContestId: uuid("live_contest_id")
      .notNull()
      .references(() => liveContests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    atMs: integer("at_ms").notNull(),
    event: jsonb("event").notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveContestId, t.position] })],
);

/** The events a live contest's feed gave, in the order they came. */
export const liveContestEvents = pgTable(
  "live_contest_events",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    liveContestId: uuid("live_contest_id")
      .notNull()
      .references(() => liveContests.id, { onDelete: "cascade" }),
    token: text("token"),
    event: jsonb("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_contest_events_contest_idx").on(t.liveContestId, t.seq)],
);

/**
 * One row per judge's API: when the next call may be made (callers in every process reserve
 * their slot in one statement, so together they keep the judge's published pace), how long to
 * wait after the judge refused or was down (`backoff_until`, doubling `failures`), and what the
 * sync last saw, for the dashboard.
 */
export const judgePace = pgTable("judge_pace", {
  judge: text("judge", { enum: JUDGE_CALLERS }).primaryKey(),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull().defaultNow(),
  backoffUntil: timestamp("backoff_until", { withTimezone: true }),
  failures: integer("failures").notNull().default(0),
  calls: integer("calls").notNull().default(0),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  lastError: text("last_error"),
});

/**
 * A member's handle on a judge as the sync last read it: rating and rank now and at best, when
 * each part was read, how far the submissions were read (`last_submission_id`), and whether the
 * judge knows the handle (`not-found` is not read again until the member changes it).
 */
export const judgeAccounts = pgTable(
  "judge_accounts",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    judge: text("judge", { enum: PRACTICE_JUDGES }).notNull(),
    handle: text("handle").notNull(),
    status: text("status", { enum: JUDGE_ACCOUNT_STATUSES }).notNull().default("pending"),
    rating: integer("rating"),
    maxRating: integer("max_rating"),
    rank: text("rank"),
    maxRank: text("max_rank"),
    infoReadAt: timestamp("info_read_at", { withTimezone: true }),
    historyReadAt: timestamp("history_read_at", { withTimezone: true }),
    submissionsReadAt: timestamp("submissions_read_at", { withTimezone: true }),
    /** The newest submission read (Codeforces' id; AtCoder Problems' epoch second): the next read stops there. */
    lastSubmissionId: bigint("last_submission_id", { mode: "number" }),
    lastError: text("last_error"),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.judge] }),
    index("judge_accounts_judge_status_idx").on(t.judge, t.status),
  ],
);

/** A member's rated contests on a judge: the chart and the contest summaries. */
export const judgeRatingChanges = pgTable(
  "judge_rating_changes",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    judge: text("judge", { enum: PRACTICE_JUDGES }).notNull(),
    contestId: text("contest_id").notNull(),
    contestName: text("contest_name").notNull(),
    rank: integer("rank").notNull(),
    oldRating: integer("old_rating").notNull(),
    newRating: integer("new_rating").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.judge, t.contestId] }),
    index("judge_rating_changes_at_idx").on(t.at),
    index("judge_rating_changes_contest_idx").on(t.judge, t.contestId),
  ],
);

/**
 * A problem a member solved on a judge, once, at its first accepted submission: its difficulty
 * (Codeforces' problem rating; null when the judge gives none) and tags. The leaderboards count these.
 */
export const judgeSolves = pgTable(
  "judge_solves",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    judge: text("judge", { enum: PRACTICE_JUDGES }).notNull(),
    problemKey: text("problem_key").notNull(),
    problemName: text("problem_name").notNull().default(""),
    difficulty: integer("difficulty"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    solvedAt: timestamp("solved_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.judge, t.problemKey] }),
    index("judge_solves_solved_at_idx").on(t.solvedAt, t.studentId),
  ],
);

/**
 * Each member's solved problems per calendar month (UTC), kept by triggers on `judge_solves`
 * (drizzle/0033_judge_solve_months.sql): the term's leaderboard adds up a few hundred of these
 * instead of reading every solve of six months. `difficulty` is the sum the board scores
 * (a problem without one counts as 800).
 */
export const judgeSolveMonths = pgTable(
  "judge_solve_months",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    solved: integer("solved").notNull(),
    difficulty: bigint("difficulty", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.month] }), index("judge_solve_months_month_idx").on(t.month)],
);

/**
 * A contest on a judge (upcoming or past), for the calendar, the reminder an hour before and the
 * summary of the members' rating changes after it (`reminded_at`, `summarized_at`: once each).
 */
export const judgeContests = pgTable(
  "judge_contests",
  {
    judge: text("judge", { enum: PRACTICE_JUDGES }).notNull(),
    contestId: text("contest_id").notNull(),
    name: text("name").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    url: text("url").notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    summarizedAt: timestamp("summarized_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.judge, t.contestId] }), index("judge_contests_starts_idx").on(t.startsAt)],
);

/**
 * Every write a signed-in person made through the product (and admins' failed sign-ins): who,
 * when, from where, what. The product only adds rows; the retention job removes old ones.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null once the account is deleted; `actor_email` still says who it was. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    ip: text("ip").notNull().default(""),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull().default(""),
    /** What it was called, for the log's reader ("Notice: Exam routine"). */
    label: text("label").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id),
    index("audit_log_actor_idx").on(t.actorEmail, t.at),
    index("audit_log_entity_idx").on(t.entity, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
  ],
);
