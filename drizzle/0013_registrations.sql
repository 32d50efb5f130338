CREATE TABLE "attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"position" integer NOT NULL,
	"confirmed_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"checked_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"captain_id" uuid,
	"team_name" text,
	"status" text NOT NULL,
	"arrival" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_captain_id_users_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_registration_idx" ON "attendees" USING btree ("registration_id","position");--> statement-breakpoint
CREATE INDEX "attendees_user_idx" ON "attendees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_event_email_key" ON "attendees" USING btree ("event_id",lower("email")) WHERE "attendees"."active";--> statement-breakpoint
CREATE INDEX "registrations_event_status_idx" ON "registrations" USING btree ("event_id","status","arrival");--> statement-breakpoint
CREATE INDEX "registrations_captain_idx" ON "registrations" USING btree ("captain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_team_name_key" ON "registrations" USING btree ("event_id",lower("team_name")) WHERE "registrations"."status" <> 'cancelled' and "registrations"."team_name" is not null;--> statement-breakpoint
-- Places taken show on the event's public page: a registration's change is a content change.
CREATE TRIGGER "registrations_content_version" AFTER INSERT OR UPDATE OR DELETE ON "registrations" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
