-- Unread counts derived instead of kept per person (decision 0060): a participant's unread count
-- is the event's live operations less the live ones they last wrote and the live ones last
-- written by someone else that they have seen. Both counts are summed once from the history.
ALTER TABLE "event_participants" ADD COLUMN "written_live" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "seen_live" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "event_participants" p SET
  "written_live" = (
    SELECT count(*) FROM "operations" o
    WHERE o."event_id" = p."event_id" AND o."deleted_at" IS NULL AND coalesce(o."edited_by", o."author_id") = p."user_id"
  ),
  "seen_live" = (
    SELECT count(*) FROM "operations" o JOIN "operation_seen" s ON s."operation_id" = o."id" AND s."user_id" = p."user_id"
    WHERE o."event_id" = p."event_id" AND o."deleted_at" IS NULL AND coalesce(o."edited_by", o."author_id") <> p."user_id"
  );--> statement-breakpoint
ALTER TABLE "event_participants" DROP COLUMN "unread";
