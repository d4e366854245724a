-- An import's event is hidden until it is whole (decision 0066); this says which hidden events are
-- an import's, so that one whose process ended half-way can be found and removed.
ALTER TABLE "events" ADD COLUMN "importing_since" timestamp with time zone;