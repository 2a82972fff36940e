-- Before the index: a user left with several unpaid checkouts keeps the newest open; the others are closed at the
-- provider by that user's next purchase (and a payment through one of them is refunded, as it is not the newest).
UPDATE "checkout" SET "status" = 'superseding' WHERE "status" = 'created' AND "id" NOT IN (SELECT DISTINCT ON ("user_id") "id" FROM "checkout" WHERE "status" = 'created' ORDER BY "user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_one_open_per_user_idx" ON "checkout" USING btree ("user_id") WHERE "checkout"."status" in ('opening', 'created');
