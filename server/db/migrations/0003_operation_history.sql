CREATE TABLE "operation_versions" (
	"operation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer NOT NULL,
	"reverted_to" integer,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_versions_operation_id_version_pk" PRIMARY KEY("operation_id","version")
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "edited_at" timestamp with time zone;