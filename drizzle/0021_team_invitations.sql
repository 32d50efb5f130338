ALTER TABLE "attendees" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "registrations_pending_expiry_idx" ON "registrations" USING btree ("expires_at") WHERE "registrations"."status" = 'pending';