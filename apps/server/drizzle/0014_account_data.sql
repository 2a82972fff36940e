-- Invoices and credit notes outlive a deleted account (tax law): the user id goes null, and "Billed to" is kept as
-- printed. Existing documents printed the account's current name and email, so that is what they keep.
ALTER TABLE "invoice" DROP CONSTRAINT "invoice_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_name" text;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "billed_email" text;--> statement-breakpoint
UPDATE "invoice" SET "billed_name" = "user"."name", "billed_email" = "user"."email" FROM "user" WHERE "user"."id" = "invoice"."user_id";--> statement-breakpoint
ALTER TABLE "invoice" ALTER COLUMN "billed_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ALTER COLUMN "billed_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
