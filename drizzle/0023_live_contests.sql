CREATE TABLE "live_contest_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"live_contest_id" uuid NOT NULL,
	"token" text,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"judge_api" text NOT NULL,
	"judge_contest_id" text NOT NULL,
	"sealed_credentials" text,
	"status" text DEFAULT 'following' NOT NULL,
	"since_token" text,
	"event_count" integer DEFAULT 0 NOT NULL,
	"polled_scoreboard" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_contact_at" timestamp with time zone,
	"last_error" text,
	"gold_count" integer DEFAULT 4 NOT NULL,
	"silver_count" integer DEFAULT 4 NOT NULL,
	"bronze_count" integer DEFAULT 4 NOT NULL,
	"reveal_step" integer,
	"revealed" boolean DEFAULT false NOT NULL,
	"contest_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_contests_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "live_contest_events" ADD CONSTRAINT "live_contest_events_live_contest_id_live_contests_id_fk" FOREIGN KEY ("live_contest_id") REFERENCES "public"."live_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_contests" ADD CONSTRAINT "live_contests_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_contest_events_contest_idx" ON "live_contest_events" USING btree ("live_contest_id","seq");