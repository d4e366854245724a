CREATE TABLE "operation_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operation_receipts_operation_idx" ON "operation_receipts" USING btree ("operation_id","id");