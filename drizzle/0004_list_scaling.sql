CREATE TABLE "student_batch_counts" (
	"batch" integer,
	"students" integer NOT NULL,
	CONSTRAINT "student_batch_counts_batch_key" UNIQUE NULLS NOT DISTINCT("batch")
);
--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "executives_created_idx" ON "executives" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "recent_events_created_idx" ON "recent_events" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "students_created_idx" ON "students" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "teachers_created_idx" ON "teachers" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","email");--> statement-breakpoint
-- Row triggers keep the per-batch counts exact for every write path (app, API, psql), so the
-- students page reads its total from a handful of rows instead of counting the table.
CREATE OR REPLACE FUNCTION "count_students_per_batch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.batch IS NOT DISTINCT FROM NEW.batch THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "student_batch_counts" SET "students" = "students" - 1 WHERE "batch" IS NOT DISTINCT FROM OLD.batch;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "student_batch_counts" AS counts ("batch", "students") VALUES (NEW.batch, 1)
    ON CONFLICT ("batch") DO UPDATE SET "students" = counts."students" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "students_batch_counts" AFTER INSERT OR DELETE OR UPDATE OF "batch" ON "students" FOR EACH ROW EXECUTE FUNCTION "count_students_per_batch"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reset_student_batch_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "student_batch_counts";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "students_batch_counts_truncate" AFTER TRUNCATE ON "students" FOR EACH STATEMENT EXECUTE FUNCTION "reset_student_batch_counts"();
--> statement-breakpoint
INSERT INTO "student_batch_counts" ("batch", "students") SELECT "batch", count(*) FROM "students" GROUP BY "batch";
