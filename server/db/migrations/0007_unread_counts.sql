ALTER TABLE "event_participants" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "event_participants" ep SET "unread" = (
  SELECT count(*) FROM "operations" o
  WHERE o."event_id" = ep."event_id" AND o."deleted_at" IS NULL AND coalesce(o."edited_by", o."author_id") <> ep."user_id"
    AND NOT EXISTS (SELECT 1 FROM "operation_seen" s WHERE s."user_id" = ep."user_id" AND s."operation_id" = o."id")
);
