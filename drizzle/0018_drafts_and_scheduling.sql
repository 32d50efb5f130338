-- Drafts and scheduled items: notices, results, events and recent events may be kept back
-- (`draft`) or published by the publisher job at `publish_at` (`scheduled`). The publication
-- trigger (0012) already records a row when its status becomes 'published', whoever sets it
-- (a form, the API, the publisher's UPDATE), so subscribers hear at publish time. Recent
-- events are not announced: they get a status, and no trigger.
ALTER TABLE "events" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recent_events" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "recent_events" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "events_scheduled_idx" ON "events" USING btree ("publish_at") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "notices_scheduled_idx" ON "notices" USING btree ("publish_at") WHERE "notices"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "recent_events_scheduled_idx" ON "recent_events" USING btree ("publish_at") WHERE "recent_events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "results_scheduled_idx" ON "results" USING btree ("publish_at") WHERE "results"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_publish_at_check" CHECK (("events"."status" = 'scheduled') = ("events"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_publish_at_check" CHECK (("notices"."status" = 'scheduled') = ("notices"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "recent_events" ADD CONSTRAINT "recent_events_publish_at_check" CHECK (("recent_events"."status" = 'scheduled') = ("recent_events"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_publish_at_check" CHECK (("results"."status" = 'scheduled') = ("results"."publish_at" is not null));