ALTER TABLE "event_participants" ADD COLUMN "volume" numeric(40, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "live_volume" numeric(40, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "events" ev SET "live_volume" = coalesce((
  SELECT sum(abs(o."amount")) FROM "operations" o WHERE o."event_id" = ev."id" AND o."deleted_at" IS NULL
), 0);--> statement-breakpoint
UPDATE "event_participants" ep SET "volume" = coalesce((
  SELECT sum(abs(e."paid") + abs(e."share")) FROM "operation_entries" e
  JOIN "operations" o ON o."id" = e."operation_id"
  WHERE o."event_id" = ep."event_id" AND o."deleted_at" IS NULL AND e."user_id" = ep."user_id"
), 0);
