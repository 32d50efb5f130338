import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./auth-schema";

const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** The dashboard tables' order (newest first), so a page of them is an index range scan. */
const newestFirstIndex = (table: string, t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  index(`${table}_created_idx`).on(t.createdAt.desc().nullsFirst(), t.id);

/** Public submissions wait in the review queue as `pending` until an admin approves them. */
export const PUBLICATION_STATUSES = ["published", "pending"] as const;
const status = () => text("status", { enum: PUBLICATION_STATUSES }).notNull().default("published");

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
    createdAt: createdAt(),
  },
  (t) => [
    index("events_type_starts_idx").on(t.eventType, t.startsOn),
    index("events_name_idx").on(t.name),
    index("events_starts_idx").on(t.startsOn),
    newestFirstIndex("events", t),
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
    createdAt: createdAt(),
  },
  (t) => [
    index("notices_status_date_idx").on(t.status, t.publishingDate),
    index("notices_status_name_idx").on(t.status, t.name),
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
    createdAt: createdAt(),
  },
  (t) => [
    index("results_status_date_idx").on(t.status, t.publishingDate),
    index("results_status_name_idx").on(t.status, t.name),
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
    createdAt: createdAt(),
  },
  (t) => [index("recent_events_name_idx").on(t.name), newestFirstIndex("recent_events", t)],
);

/** Site settings override the club facts in app/content (key = setting name, value = text). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

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
