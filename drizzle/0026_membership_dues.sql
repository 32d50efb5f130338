CREATE TABLE "membership_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text NOT NULL,
	"round_id" uuid NOT NULL,
	"application_id" uuid,
	"user_id" uuid,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"paid_on" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "membership_payments_amount_positive" CHECK ("membership_payments"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "membership_rounds" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "membership_rounds" ADD COLUMN "currency" varchar(3) DEFAULT 'BDT' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_rounds" ADD COLUMN "fee_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_round_id_membership_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."membership_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_application_id_membership_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."membership_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_payments_round_idx" ON "membership_payments" USING btree ("round_id","paid_on");--> statement-breakpoint
CREATE INDEX "membership_payments_user_idx" ON "membership_payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_reference_key" ON "membership_payments" USING btree ("method","reference") WHERE "membership_payments"."reference" <> '';