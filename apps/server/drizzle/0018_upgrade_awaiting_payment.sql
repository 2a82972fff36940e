ALTER TABLE "subscription" ADD COLUMN "change_plan_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "change_at" timestamp with time zone;