-- Bumped by every write to the site's settings (which bump content_version too): readers of the
-- settings alone (a mail's club name) stay cached while registrations and edits bump content.
CREATE SEQUENCE IF NOT EXISTS "settings_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('settings_version');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "site_settings_settings_version" AFTER INSERT OR UPDATE OR DELETE ON "site_settings" FOR EACH ROW EXECUTE FUNCTION "bump_settings_version"();
