CREATE TABLE "operation_debts" (
	"operation_id" integer NOT NULL,
	"lo" integer NOT NULL,
	"hi" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "operation_debts_operation_id_lo_hi_pk" PRIMARY KEY("operation_id","lo","hi")
);
--> statement-breakpoint
CREATE TABLE "pair_balances" (
	"event_id" integer NOT NULL,
	"lo" integer NOT NULL,
	"hi" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "pair_balances_event_id_lo_hi_pk" PRIMARY KEY("event_id","lo","hi")
);
--> statement-breakpoint
-- Every operation recorded before these tables gets its rows from the server at start-up
-- (server/db/operation-debts.ts); operations recorded from now on get them as they are written.
ALTER TABLE "operations" ADD COLUMN "debts_pending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "operations" ALTER COLUMN "debts_pending" SET DEFAULT false;--> statement-breakpoint
CREATE INDEX "pair_balances_lo_idx" ON "pair_balances" USING btree ("lo");--> statement-breakpoint
CREATE INDEX "pair_balances_hi_idx" ON "pair_balances" USING btree ("hi");--> statement-breakpoint
CREATE INDEX "operations_debts_pending_idx" ON "operations" USING btree ("event_id") WHERE "operations"."debts_pending";
