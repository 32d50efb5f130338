CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_type" text NOT NULL,
	"name" text NOT NULL,
	"starts_on" date,
	"starts_at" text NOT NULL,
	"problem_number" integer NOT NULL,
	"contest_duration" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"designation" text NOT NULL,
	"email" text NOT NULL,
	"photo_url" text NOT NULL,
	"panel" varchar(9) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"publishing_date" date NOT NULL,
	"chr_month" varchar(3) NOT NULL,
	"day" varchar(2) NOT NULL,
	"pdf_file" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "recent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"img1" text NOT NULL,
	"details" text NOT NULL,
	"details1" text DEFAULT '' NOT NULL,
	"details2" text DEFAULT '' NOT NULL,
	"img2" text NOT NULL,
	"img3" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"publishing_date" date NOT NULL,
	"pdf_file" text NOT NULL,
	"img" text,
	"description" text,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"batch" integer,
	"email" text NOT NULL,
	"photo_url" text NOT NULL,
	"session" varchar(9),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"email" text NOT NULL,
	"photo_url" text NOT NULL,
	"join_date" date NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_type_starts_idx" ON "events" USING btree ("event_type","starts_on");--> statement-breakpoint
CREATE INDEX "executives_panel_idx" ON "executives" USING btree ("panel");--> statement-breakpoint
CREATE INDEX "notices_status_date_idx" ON "notices" USING btree ("status","publishing_date");--> statement-breakpoint
CREATE INDEX "results_status_date_idx" ON "results" USING btree ("status","publishing_date");--> statement-breakpoint
CREATE INDEX "students_batch_name_idx" ON "students" USING btree ("batch","name");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("name");