DROP INDEX "events_search_trgm";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("events"."event_location", '') || E'\n' || coalesce("events"."document_no", '') || E'\n' || coalesce("events"."responsible", '') || E'\n' || coalesce("events"."company", '') || E'\n' || coalesce("events"."ahv", ''))) STORED;--> statement-breakpoint
CREATE INDEX "events_search_text_trgm" ON "events" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The planner needs the new column's statistics at once (a rewrite does not count as changes for autovacuum).
ANALYZE "events";