CREATE TABLE "live_contest_recordings" (
	"live_contest_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"at_ms" integer NOT NULL,
	"event" jsonb NOT NULL,
	CONSTRAINT "live_contest_recordings_live_contest_id_position_pk" PRIMARY KEY("live_contest_id","position")
);
--> statement-breakpoint
ALTER TABLE "live_contests" ADD COLUMN "replay_speed" integer;--> statement-breakpoint
ALTER TABLE "live_contests" ADD COLUMN "replay_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_contests" ADD COLUMN "feed_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_contest_recordings" ADD CONSTRAINT "live_contest_recordings_live_contest_id_live_contests_id_fk" FOREIGN KEY ("live_contest_id") REFERENCES "public"."live_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- `/results` links the contests being followed or replayed: a change of status (or address or
-- name) is news to the page cache; a new event is not (it would empty the cache ten times a second).
CREATE TRIGGER "live_contests_content_version" AFTER INSERT OR DELETE OR UPDATE OF "status", "slug", "name" ON "live_contests" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
