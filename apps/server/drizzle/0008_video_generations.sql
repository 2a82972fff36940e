CREATE TABLE "video_generation" (
	"job_id" text NOT NULL,
	"scene" integer NOT NULL,
	"segment" integer NOT NULL,
	"user_id" text NOT NULL,
	"generator" text NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_generation_job_id_scene_segment_pk" PRIMARY KEY("job_id","scene","segment")
);
--> statement-breakpoint
ALTER TABLE "video_generation" ADD CONSTRAINT "video_generation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_generation_user_created_idx" ON "video_generation" USING btree ("user_id","created_at");