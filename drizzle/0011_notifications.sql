CREATE TABLE "mail_pace" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"unsubscribe_url" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mails_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection" text NOT NULL,
	"item_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announced_at" timestamp with time zone,
	CONSTRAINT "publications_item_key" UNIQUE("collection","item_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"frequency" text DEFAULT 'immediately' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_asked_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"chat_id" text,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_created_idx" ON "mails" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mails_status_idx" ON "mails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "publications_unannounced_idx" ON "publications" USING btree ("published_at") WHERE "publications"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "publications_topic_date_idx" ON "publications" USING btree ("topic","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_email_key" ON "subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "subscriptions_topics_idx" ON "subscriptions" USING gin ("topics");--> statement-breakpoint
INSERT INTO "mail_pace" ("id") VALUES (1);--> statement-breakpoint
-- A notice or result is published when written as published or approved from the review
-- queue; an event when written. Whatever wrote it, the announcer finds it here.
CREATE FUNCTION "record_publication"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  publication_topic text := TG_TABLE_NAME;
BEGIN
  -- Each branch names only its own table's columns: PL/pgSQL plans an expression for the row it runs on.
  IF TG_TABLE_NAME = 'events' THEN
    publication_topic := 'events:' || NEW.event_type;
  ELSIF NEW.status <> 'published' OR (TG_OP = 'UPDATE' AND OLD.status = 'published') THEN
    RETURN NULL;
  END IF;
  INSERT INTO "publications" ("collection", "item_id", "topic") VALUES (TG_TABLE_NAME, NEW.id, publication_topic)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "notices_publications" AFTER INSERT OR UPDATE OF "status" ON "notices" FOR EACH ROW EXECUTE FUNCTION "record_publication"();--> statement-breakpoint
CREATE TRIGGER "results_publications" AFTER INSERT OR UPDATE OF "status" ON "results" FOR EACH ROW EXECUTE FUNCTION "record_publication"();--> statement-breakpoint
CREATE TRIGGER "events_publications" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "record_publication"();
