-- The events' end and registration window were text on the club's clocks (`YYYY-MM-DDTHH:MM`,
-- seconds optional) and become instants. Asia/Dhaka is the only zone any of them was written in.
-- Early versions checked the text by its shape only, so a date that does not exist
-- ("2026-02-30T10:00") may be stored: it becomes NULL, as blank text does; the site read both as
-- no time. A value with an offset keeps its instant.
CREATE FUNCTION "club_clock_instant"(clock text) RETURNS timestamp with time zone LANGUAGE plpgsql AS $$
BEGIN
  IF clock ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$' THEN
    RETURN clock::timestamp AT TIME ZONE 'Asia/Dhaka';
  ELSIF clock ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$' THEN
    RETURN clock::timestamp with time zone;
  END IF;
  RETURN NULL;
EXCEPTION WHEN invalid_datetime_format OR datetime_field_overflow THEN
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TABLE "events"
  ALTER COLUMN "ends_at" SET DATA TYPE timestamp with time zone USING "club_clock_instant"(btrim("ends_at")),
  ALTER COLUMN "registration_opens" SET DATA TYPE timestamp with time zone USING "club_clock_instant"(btrim("registration_opens")),
  ALTER COLUMN "registration_closes" SET DATA TYPE timestamp with time zone USING "club_clock_instant"(btrim("registration_closes"));
--> statement-breakpoint
DROP FUNCTION "club_clock_instant"(text);
