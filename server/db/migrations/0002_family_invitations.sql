CREATE TABLE "family_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_invitations_pair_uq" ON "family_invitations" USING btree ("inviter_id","invitee_id");--> statement-breakpoint
CREATE INDEX "family_invitations_invitee_idx" ON "family_invitations" USING btree ("invitee_id");