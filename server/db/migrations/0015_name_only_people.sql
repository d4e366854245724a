-- A person known by name alone (an import's 'just a name', a group's members who left) has no
-- phone; the unique index still holds every phone once, as PostgreSQL lets nulls repeat.
ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;