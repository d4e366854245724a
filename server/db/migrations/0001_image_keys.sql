-- Pictures stored before keys existed get a random one too (gen_random_uuid is built into PostgreSQL 13+); their old /app/img/<id>/ URLs stop working, and clients read the new URL from the next answer.
ALTER TABLE "images" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "images" SET "key" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "images_key_idx" ON "images" USING btree ("key");
