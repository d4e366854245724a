CREATE TABLE "session_changes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "session_changes_one_row" CHECK ("session_changes"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "session_changes" ("id", "changes") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "count_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "session_changes" SET "changes" = "changes" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before the statement locks any session: the count is always locked before a session row, so a
-- sign-out and a revocation of the same sessions wait for each other rather than deadlock.
CREATE TRIGGER "sessions_changed" BEFORE UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_deleted_or_restored" AFTER UPDATE OF "deleted_at" ON "users"
  FOR EACH ROW WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at")
  EXECUTE FUNCTION "count_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_removed" AFTER DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_session_change"();
