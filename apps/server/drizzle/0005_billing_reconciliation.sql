CREATE TABLE "gateway_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "credits_invoice_id" text;