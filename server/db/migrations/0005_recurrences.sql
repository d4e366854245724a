CREATE TABLE "recurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"original_amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meta" jsonb,
	"frequency" text NOT NULL,
	"interval" integer NOT NULL,
	"until" date,
	"count" integer,
	"utc_offset" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"next_k" integer NOT NULL,
	"next_at" timestamp with time zone,
	"made" integer DEFAULT 1 NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" integer,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "recurrence_id" integer;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "recurrence_day" date;--> statement-breakpoint
CREATE INDEX "recurrences_due_idx" ON "recurrences" USING btree ("next_at") WHERE "recurrences"."next_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_recurrence_day_uq" ON "operations" USING btree ("recurrence_id","recurrence_day") WHERE "operations"."recurrence_id" is not null;