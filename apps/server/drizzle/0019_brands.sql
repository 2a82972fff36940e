CREATE TABLE "brand" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"logo_key" text,
	"font_key" text,
	"font_family" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idea" ADD COLUMN "brand_id" text;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "brand_id" text;--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "active_brand_id" text;--> statement-breakpoint
ALTER TABLE "brand" ADD CONSTRAINT "brand_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_user_ordinal_idx" ON "brand" USING btree ("user_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_user_name_idx" ON "brand" USING btree ("user_id",lower("name"));--> statement-breakpoint
-- Every existing user's logo and business name become their first brand (issue 32): nothing is lost.
INSERT INTO "brand" ("id", "user_id", "ordinal", "name", "settings", "logo_key")
SELECT gen_random_uuid()::text, u."id", 0, COALESCE(NULLIF(LEFT(TRIM(bp."business_name"), 60), ''), 'My brand'),
  '{"colors":{"primary":"#1f6feb","secondary":"#ffe500","text":"#ffffff"},"fonts":{"heading":"League Spartan","body":"Inter"},"caption_style":"Default","voice":"alloy","voice_instructions":"","music":null,"cta_text":"","cta_contact":"","logo":{"position":"top-right","size":"medium","opacity":1}}'::jsonb,
  s."logo_key"
FROM "user" u LEFT JOIN "business_profile" bp ON bp."user_id" = u."id" LEFT JOIN "subscription" s ON s."user_id" = u."id";--> statement-breakpoint
UPDATE "user_profile" up SET "active_brand_id" = b."id" FROM "brand" b WHERE b."user_id" = up."user_id" AND b."ordinal" = 0;--> statement-breakpoint
UPDATE "project" p SET "brand_id" = b."id" FROM "brand" b WHERE b."user_id" = p."user_id" AND b."ordinal" = 0;--> statement-breakpoint
UPDATE "idea" i SET "brand_id" = b."id" FROM "brand" b WHERE b."user_id" = i."user_id" AND b."ordinal" = 0;--> statement-breakpoint
-- The ideas profile moves under the brand: one per brand instead of one per user.
ALTER TABLE "business_profile" ADD COLUMN "brand_id" text;--> statement-breakpoint
UPDATE "business_profile" bp SET "brand_id" = b."id" FROM "brand" b WHERE b."user_id" = bp."user_id" AND b."ordinal" = 0;--> statement-breakpoint
ALTER TABLE "business_profile" DROP CONSTRAINT "business_profile_pkey";--> statement-breakpoint
ALTER TABLE "business_profile" ADD PRIMARY KEY ("brand_id");--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea" ADD CONSTRAINT "idea_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_profile_user_id_idx" ON "business_profile" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_brand_id_idx" ON "project" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "subscription" DROP COLUMN "logo_key";
