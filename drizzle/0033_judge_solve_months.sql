CREATE TABLE "judge_solve_months" (
	"student_id" uuid NOT NULL,
	"month" date NOT NULL,
	"solved" integer NOT NULL,
	"difficulty" bigint NOT NULL,
	CONSTRAINT "judge_solve_months_student_id_month_pk" PRIMARY KEY("student_id","month")
);
--> statement-breakpoint
ALTER TABLE "judge_solve_months" ADD CONSTRAINT "judge_solve_months_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_solve_months_month_idx" ON "judge_solve_months" USING btree ("month");--> statement-breakpoint
-- Statement triggers over the rows each statement changed, so a sync's insert of a thousand
-- solves is one upsert per member and month. A removal only lowers counts that still exist: a
-- member deleted takes their months with them before these triggers run.
CREATE OR REPLACE FUNCTION "add_judge_solve_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "judge_solve_months" AS months ("student_id", "month", "solved", "difficulty")
  SELECT "student_id", date_trunc('month', "solved_at" AT TIME ZONE 'UTC')::date, count(*), sum(coalesce("difficulty", 800))
    FROM added GROUP BY 1, 2
  ON CONFLICT ("student_id", "month") DO UPDATE
    SET "solved" = months."solved" + excluded."solved", "difficulty" = months."difficulty" + excluded."difficulty";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "remove_judge_solve_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "judge_solve_months" AS months
     SET "solved" = months."solved" - gone."solved", "difficulty" = months."difficulty" - gone."difficulty"
    FROM (SELECT "student_id", date_trunc('month', "solved_at" AT TIME ZONE 'UTC')::date AS "month",
                 count(*) AS "solved", sum(coalesce("difficulty", 800)) AS "difficulty"
            FROM removed GROUP BY 1, 2) AS gone
   WHERE months."student_id" = gone."student_id" AND months."month" = gone."month";
  DELETE FROM "judge_solve_months" WHERE "solved" <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "judge_solves_months_insert" AFTER INSERT ON "judge_solves"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "add_judge_solve_months"();
--> statement-breakpoint
CREATE TRIGGER "judge_solves_months_delete" AFTER DELETE ON "judge_solves"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "remove_judge_solve_months"();
--> statement-breakpoint
CREATE TRIGGER "judge_solves_months_update_old" AFTER UPDATE ON "judge_solves"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "remove_judge_solve_months"();
--> statement-breakpoint
CREATE TRIGGER "judge_solves_months_update_new" AFTER UPDATE ON "judge_solves"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "add_judge_solve_months"();
--> statement-breakpoint
INSERT INTO "judge_solve_months" ("student_id", "month", "solved", "difficulty")
SELECT "student_id", date_trunc('month', "solved_at" AT TIME ZONE 'UTC')::date, count(*), sum(coalesce("difficulty", 800))
  FROM "judge_solves" GROUP BY 1, 2;
