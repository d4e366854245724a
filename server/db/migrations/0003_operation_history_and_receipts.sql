CREATE TABLE "operation_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_versions" (
	"operation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer NOT NULL,
	"reverted_to" integer,
	"state" jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_versions_operation_id_version_pk" PRIMARY KEY("operation_id","version")
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operation_receipts_operation_idx" ON "operation_receipts" USING btree ("operation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_versions_idem_uq" ON "operation_versions" USING btree ("operation_id","actor_id","idempotency_key") WHERE "operation_versions"."idempotency_key" is not null;