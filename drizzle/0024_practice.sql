CREATE TABLE "judge_accounts" (
	"student_id" uuid NOT NULL,
	"judge" text NOT NULL,
	"handle" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rating" integer,
	"max_rating" integer,
	"rank" text,
	"max_rank" text,
	"info_read_at" timestamp with time zone,
	"history_read_at" timestamp with time zone,
	"submissions_read_at" timestamp with time zone,
	"last_submission_id" bigint,
	"last_error" text,
	CONSTRAINT "judge_accounts_student_id_judge_pk" PRIMARY KEY("student_id","judge")
);
--> statement-breakpoint
CREATE TABLE "judge_contests" (
	"judge" text NOT NULL,
	"contest_id" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"url" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"summarized_at" timestamp with time zone,
	CONSTRAINT "judge_contests_judge_contest_id_pk" PRIMARY KEY("judge","contest_id")
);
--> statement-breakpoint
CREATE TABLE "judge_pace" (
	"judge" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backoff_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "judge_rating_changes" (
	"student_id" uuid NOT NULL,
	"judge" text NOT NULL,
	"contest_id" text NOT NULL,
	"contest_name" text NOT NULL,
	"rank" integer NOT NULL,
	"old_rating" integer NOT NULL,
	"new_rating" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "judge_rating_changes_student_id_judge_contest_id_pk" PRIMARY KEY("student_id","judge","contest_id")
);
--> statement-breakpoint
CREATE TABLE "judge_solves" (
	"student_id" uuid NOT NULL,
	"judge" text NOT NULL,
	"problem_key" text NOT NULL,
	"problem_name" text DEFAULT '' NOT NULL,
	"difficulty" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"solved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "judge_solves_student_id_judge_problem_key_pk" PRIMARY KEY("student_id","judge","problem_key")
);
--> statement-breakpoint
ALTER TABLE "judge_accounts" ADD CONSTRAINT "judge_accounts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_rating_changes" ADD CONSTRAINT "judge_rating_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_solves" ADD CONSTRAINT "judge_solves_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_accounts_judge_status_idx" ON "judge_accounts" USING btree ("judge","status");--> statement-breakpoint
CREATE INDEX "judge_contests_starts_idx" ON "judge_contests" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "judge_rating_changes_at_idx" ON "judge_rating_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "judge_rating_changes_contest_idx" ON "judge_rating_changes" USING btree ("judge","contest_id");--> statement-breakpoint
CREATE INDEX "judge_solves_solved_at_idx" ON "judge_solves" USING btree ("solved_at","student_id");--> statement-breakpoint
INSERT INTO "judge_pace" ("judge") VALUES ('codeforces'), ('atcoder'), ('atcoder-problems') ON CONFLICT DO NOTHING;
