ALTER TABLE "students" ADD COLUMN "slug" text;--> statement-breakpoint
-- Every existing student gets the address of a member page: the name in lower case, words
-- joined by "-", and the start of its id after it when another student has the same name.
WITH named AS (
  SELECT "id", coalesce(nullif(trim(BOTH '-' FROM lower(regexp_replace("name", '[^[:alnum:]]+', '-', 'g'))), ''), 'student') AS base
  FROM "students"
), numbered AS (
  SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "id") AS n FROM named
)
UPDATE "students" SET "slug" = CASE WHEN numbered.n = 1 THEN numbered.base ELSE numbered.base || '-' || left(numbered."id"::text, 8) END
FROM numbered WHERE numbered."id" = "students"."id";--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "slug" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fill_student_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."slug" IS NULL OR NEW."slug" = '' THEN
    NEW."slug" := coalesce(nullif(trim(BOTH '-' FROM lower(regexp_replace(NEW."name", '[^[:alnum:]]+', '-', 'g'))), ''), 'student')
      || '-' || left(NEW."id"::text, 8);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "students_fill_slug" BEFORE INSERT ON "students" FOR EACH ROW EXECUTE FUNCTION "fill_student_slug"();--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "student_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "email_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "codeforces" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "vjudge" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "atcoder" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "codechef" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "github" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "linkedin" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "students_user_key" ON "students" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_codeforces_key" ON "students" USING btree (lower("codeforces"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_vjudge_key" ON "students" USING btree (lower("vjudge"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_atcoder_key" ON "students" USING btree (lower("atcoder"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_codechef_key" ON "students" USING btree (lower("codechef"));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_slug_unique" UNIQUE("slug");