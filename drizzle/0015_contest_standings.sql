CREATE TABLE "contest_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"rank" integer,
	"solved" integer NOT NULL,
	"penalty" integer,
	"score" real,
	"cells" jsonb NOT NULL,
	"awards" text[] DEFAULT '{}'::text[] NOT NULL,
	"members" jsonb NOT NULL,
	"student_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"scoring" text NOT NULL,
	"format" text NOT NULL,
	"held_on" date,
	"event_id" uuid,
	"result_id" uuid,
	"replaces_id" uuid,
	"problems" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_name" text NOT NULL,
	"source" "bytea" NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "contest_rows" ADD CONSTRAINT "contest_rows_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_rows_contest_idx" ON "contest_rows" USING btree ("contest_id","position");--> statement-breakpoint
CREATE INDEX "contest_rows_students_idx" ON "contest_rows" USING gin ("student_ids");--> statement-breakpoint
CREATE INDEX "contests_status_held_idx" ON "contests" USING btree ("status","held_on");--> statement-breakpoint
-- Leaderboards and member pages show standings: a contest's change is a content change.
CREATE TRIGGER "contests_content_version" AFTER INSERT OR UPDATE OR DELETE ON "contests" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "contest_rows_content_version" AFTER INSERT OR UPDATE OR DELETE ON "contest_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
