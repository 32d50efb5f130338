CREATE TABLE "ranking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ranking_series_contests" (
	"series_id" uuid NOT NULL,
	"contest_id" uuid NOT NULL,
	"weight" real DEFAULT 1 NOT NULL,
	CONSTRAINT "ranking_series_contests_series_id_contest_id_pk" PRIMARY KEY("series_id","contest_id")
);
--> statement-breakpoint
ALTER TABLE "ranking_series_contests" ADD CONSTRAINT "ranking_series_contests_series_id_ranking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."ranking_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_series_contests" ADD CONSTRAINT "ranking_series_contests_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_series_contests_contest_idx" ON "ranking_series_contests" USING btree ("contest_id");--> statement-breakpoint
-- Rankings are public pages: a series' change is a content change.
CREATE TRIGGER "ranking_series_content_version" AFTER INSERT OR UPDATE OR DELETE ON "ranking_series" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "ranking_series_contests_content_version" AFTER INSERT OR UPDATE OR DELETE ON "ranking_series_contests" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
