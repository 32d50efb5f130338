CREATE TABLE "standings_team_links" (
	"name_key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"student_ids" uuid[] NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
