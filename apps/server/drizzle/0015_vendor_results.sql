ALTER TABLE "video_generation" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "video_generation" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "video_generation_vendor_idx" ON "video_generation" USING btree ("generator","vendor_id");