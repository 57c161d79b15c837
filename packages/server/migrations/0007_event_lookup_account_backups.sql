ALTER TABLE "backups" DROP CONSTRAINT "backups_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "max_level" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_failures_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "events_document_no_sort_idx" ON "events" USING btree ("document_no","id");--> statement-breakpoint
CREATE INDEX "events_location_sort_idx" ON "events" USING btree ("event_location","id");--> statement-breakpoint
CREATE INDEX "events_responsible_sort_idx" ON "events" USING btree ("responsible","id");--> statement-breakpoint
CREATE INDEX "events_company_sort_idx" ON "events" USING btree ("company","id");--> statement-breakpoint
CREATE INDEX "events_search_trgm" ON "events" USING gin ((coalesce("event_location", '') || E'\n' || coalesce("document_no", '') || E'\n' || coalesce("responsible", '') || E'\n' || coalesce("company", '') || E'\n' || coalesce("ahv", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "folders_name_trgm" ON "folders" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "backups" DROP COLUMN "file_id";