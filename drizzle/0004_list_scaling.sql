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
CREATE OR REPLACE FUNCTION "add_to_student_batch_count"(target integer, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "student_batch_counts" AS counts ("batch", "students") VALUES (target, delta)
  ON CONFLICT ("batch") DO UPDATE SET "students" = counts."students" + delta;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_students_per_batch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_to_student_batch_count"(NEW.batch, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "add_to_student_batch_count"(OLD.batch, -1);
  ELSIF OLD.batch IS DISTINCT FROM NEW.batch THEN
    -- A move touches two counters: lowest batch first (no batch lowest of all), so two
    -- opposite moves at the same time wait for each other instead of deadlocking.
    IF coalesce(OLD.batch, -1) < coalesce(NEW.batch, -1) THEN
      PERFORM "add_to_student_batch_count"(OLD.batch, -1);
      PERFORM "add_to_student_batch_count"(NEW.batch, 1);
    ELSE
      PERFORM "add_to_student_batch_count"(NEW.batch, 1);
      PERFORM "add_to_student_batch_count"(OLD.batch, -1);
    END IF;
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
