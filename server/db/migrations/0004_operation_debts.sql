CREATE TABLE "operation_debts" (
	"operation_id" integer NOT NULL,
	"lo" integer NOT NULL,
	"hi" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "operation_debts_operation_id_lo_hi_pk" PRIMARY KEY("operation_id","lo","hi")
);
--> statement-breakpoint
-- Every operation recorded before this table gets its rows from the server at start-up
-- (server/db/operation-debts.ts); operations recorded from now on get them as they are written.
ALTER TABLE "operations" ADD COLUMN "debts_pending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "operations" ALTER COLUMN "debts_pending" SET DEFAULT false;--> statement-breakpoint
CREATE INDEX "operation_debts_lo_idx" ON "operation_debts" USING btree ("lo");--> statement-breakpoint
CREATE INDEX "operation_debts_hi_idx" ON "operation_debts" USING btree ("hi");
