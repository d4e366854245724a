CREATE TABLE "spending_day_offsets" (
	"event_id" integer NOT NULL,
	"utc_offset" integer NOT NULL,
	CONSTRAINT "spending_day_offsets_event_id_utc_offset_pk" PRIMARY KEY("event_id","utc_offset")
);
--> statement-breakpoint
CREATE TABLE "spending_days" (
	"event_id" integer NOT NULL,
	"utc_offset" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"spent" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "spending_days_event_id_utc_offset_user_id_day_pk" PRIMARY KEY("event_id","utc_offset","user_id","day")
);
