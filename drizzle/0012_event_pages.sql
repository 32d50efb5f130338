ALTER TABLE "events" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "banner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_closes" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "team_size_min" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "team_size_max" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "eligible_batches" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
-- Every existing event gets its page's address: the name in lower case, words joined by "-",
-- and the start of its id after it when another event has the same name.
WITH named AS (
  SELECT "id", coalesce(nullif(trim(BOTH '-' FROM lower(regexp_replace("name", '[^[:alnum:]]+', '-', 'g'))), ''), 'event') AS base
  FROM "events"
), numbered AS (
  SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "id") AS n FROM named
)
UPDATE "events" SET "slug" = CASE WHEN numbered.n = 1 THEN numbered.base ELSE numbered.base || '-' || left(numbered."id"::text, 8) END
FROM numbered WHERE numbered."id" = "events"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_key" ON "events" USING btree ("slug");--> statement-breakpoint
-- Rows written without a slug (psql, bulk loads) get one from their name and id.
-- The name alone when no other event has it (the demo's events, a script's), else with the id's start.
CREATE FUNCTION "fill_event_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(nullif(trim(BOTH '-' FROM lower(regexp_replace(NEW."name", '[^[:alnum:]]+', '-', 'g'))), ''), 'event');
BEGIN
  IF NEW."slug" IS NULL OR NEW."slug" = '' THEN
    NEW."slug" := CASE
      WHEN EXISTS (SELECT 1 FROM "events" WHERE "slug" = base) THEN base || '-' || left(NEW."id"::text, 8)
      ELSE base
    END;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_fill_slug" BEFORE INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "fill_event_slug"();--> statement-breakpoint
-- Events now have a status too: each of the three tables publishes when a row becomes
-- published (a draft event published, a submission approved); once per row.
CREATE OR REPLACE FUNCTION "record_publication"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  publication_topic text := TG_TABLE_NAME;
BEGIN
  IF NEW.status <> 'published' OR (TG_OP = 'UPDATE' AND OLD.status = 'published') THEN
    RETURN NULL;
  END IF;
  -- Each branch names only its own table's columns: PL/pgSQL plans an expression for the row it runs on.
  IF TG_TABLE_NAME = 'events' THEN
    publication_topic := 'events:' || NEW.event_type;
  END IF;
  INSERT INTO "publications" ("collection", "item_id", "topic") VALUES (TG_TABLE_NAME, NEW.id, publication_topic)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "events_publications" ON "events";--> statement-breakpoint
CREATE TRIGGER "events_publications" AFTER INSERT OR UPDATE OF "status" ON "events" FOR EACH ROW EXECUTE FUNCTION "record_publication"();