ALTER TABLE "job_status" ADD COLUMN "size" integer;--> statement-breakpoint
CREATE INDEX "job_status_done_idx" ON "job_status" USING btree ("queue","updated_at") WHERE "job_status"."state" = 'done';