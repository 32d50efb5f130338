-- Every row written to public content bumps this sequence; page caches key on its value.
-- Row triggers, so a statement that changes nothing (a delete of a missing id) bumps nothing.
-- A sequence (not a counter row) so concurrent writers never wait on each other.
CREATE SEQUENCE IF NOT EXISTS "content_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('content_version');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "events_content_version" AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "notices_content_version" AFTER INSERT OR UPDATE OR DELETE ON "notices" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "results_content_version" AFTER INSERT OR UPDATE OR DELETE ON "results" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "students_content_version" AFTER INSERT OR UPDATE OR DELETE ON "students" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "teachers_content_version" AFTER INSERT OR UPDATE OR DELETE ON "teachers" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "executives_content_version" AFTER INSERT OR UPDATE OR DELETE ON "executives" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "recent_events_content_version" AFTER INSERT OR UPDATE OR DELETE ON "recent_events" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "site_settings_content_version" AFTER INSERT OR UPDATE OR DELETE ON "site_settings" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
