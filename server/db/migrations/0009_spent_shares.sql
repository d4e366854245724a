ALTER TABLE "event_participants" ADD COLUMN "spent" numeric(40, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "event_participants" ep SET "spent" = coalesce((
  SELECT sum(e."share") FROM "operation_entries" e
  JOIN "operations" o ON o."id" = e."operation_id"
  WHERE o."event_id" = ep."event_id" AND o."deleted_at" IS NULL AND e."user_id" = ep."user_id"
    AND o."kind" IN ('even_purchase', 'split_purchase', 'i_purchased_them', 'deposit')
), 0);
