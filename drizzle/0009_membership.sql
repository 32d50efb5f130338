CREATE TABLE "membership_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"batch" integer,
	"session" varchar(9),
	"student_number" text,
	"photo_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "membership_applications_round_user_key" UNIQUE("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "membership_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session" varchar(9) NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_round_id_membership_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."membership_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_applications_round_status_idx" ON "membership_applications" USING btree ("round_id","status","created_at");--> statement-breakpoint
CREATE INDEX "membership_applications_user_idx" ON "membership_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "membership_rounds_dates_idx" ON "membership_rounds" USING btree ("opens_on","closes_on");