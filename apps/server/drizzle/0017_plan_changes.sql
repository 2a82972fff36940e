ALTER TABLE "gateway_subscription" ADD COLUMN "scheduled_plan_id" text;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "applied_to_invoice_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "scheduled_plan_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "scheduled_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "change_claim" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "change_claimed_at" timestamp with time zone;