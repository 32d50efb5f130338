ALTER TABLE "live_contests" ADD COLUMN "show_unofficial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_contests" ADD COLUMN "poll_seconds" integer DEFAULT 10 NOT NULL;