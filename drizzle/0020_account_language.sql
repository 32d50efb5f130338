ALTER TABLE "subscriptions" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;