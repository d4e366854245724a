-- The money bound on people becomes a bound on writers (decision 0062): what each participant has
-- written in an event, the sum of |amount| over the live operations they last wrote there, kept
-- beside their count of those operations and summed once from the history.
ALTER TABLE "event_participants" ADD COLUMN "written_volume" numeric(40, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "event_participants" p SET "written_volume" = coalesce((
  SELECT sum(abs(o."amount")) FROM "operations" o
  WHERE o."event_id" = p."event_id" AND o."deleted_at" IS NULL AND coalesce(o."edited_by", o."author_id") = p."user_id"
), 0);
