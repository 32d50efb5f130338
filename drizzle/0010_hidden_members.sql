ALTER TABLE "students" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A student counts in their batch (the Students page's totals and Jump Batch) unless hidden.
CREATE OR REPLACE FUNCTION "count_students_per_batch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND NOT OLD.hidden;
  new_counts boolean := TG_OP <> 'DELETE' AND NOT NEW.hidden;
BEGIN
  IF TG_OP = 'UPDATE' AND old_counts = new_counts AND OLD.batch IS NOT DISTINCT FROM NEW.batch THEN
    RETURN NULL;
  END IF;
  -- A move touches two counters: lowest batch first (no batch lowest of all), so two
  -- opposite moves at the same time wait for each other instead of deadlocking.
  IF TG_OP = 'UPDATE' AND coalesce(OLD.batch, -1) >= coalesce(NEW.batch, -1) THEN
    IF new_counts THEN PERFORM "add_to_student_batch_count"(NEW.batch, 1); END IF;
    IF old_counts THEN PERFORM "add_to_student_batch_count"(OLD.batch, -1); END IF;
  ELSE
    IF old_counts THEN PERFORM "add_to_student_batch_count"(OLD.batch, -1); END IF;
    IF new_counts THEN PERFORM "add_to_student_batch_count"(NEW.batch, 1); END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "students_batch_counts" ON "students";--> statement-breakpoint
CREATE TRIGGER "students_batch_counts" AFTER INSERT OR DELETE OR UPDATE OF "batch", "hidden" ON "students" FOR EACH ROW EXECUTE FUNCTION "count_students_per_batch"();
