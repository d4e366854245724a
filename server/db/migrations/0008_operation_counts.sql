ALTER TABLE "events" ADD COLUMN "operation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "live_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "count_changed_operation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "events" SET "operation_count" = "operation_count" - 1, "live_count" = "live_count" - (OLD."deleted_at" IS NULL)::int
    WHERE "id" = OLD."event_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "events" SET "operation_count" = "operation_count" + 1, "live_count" = "live_count" + (NEW."deleted_at" IS NULL)::int
    WHERE "id" = NEW."event_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "operations_added" AFTER INSERT ON "operations" FOR EACH ROW EXECUTE FUNCTION "count_changed_operation"();--> statement-breakpoint
CREATE TRIGGER "operations_moved_deleted_or_restored" AFTER UPDATE OF "event_id", "deleted_at" ON "operations"
  FOR EACH ROW WHEN (OLD."event_id" IS DISTINCT FROM NEW."event_id" OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "count_changed_operation"();--> statement-breakpoint
CREATE TRIGGER "operations_removed" AFTER DELETE ON "operations" FOR EACH ROW EXECUTE FUNCTION "count_changed_operation"();--> statement-breakpoint
UPDATE "events" ev SET
  "operation_count" = (SELECT count(*) FROM "operations" o WHERE o."event_id" = ev."id"),
  "live_count" = (SELECT count(*) FROM "operations" o WHERE o."event_id" = ev."id" AND o."deleted_at" IS NULL);
