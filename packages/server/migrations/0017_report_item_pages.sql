-- hand-written around drizzle-kit's columns and indexes (decision 049, report item pages).
-- report_items also carries each item's stamped id, length and number of chips, so an item report
-- picks its page of 50 in stamped id order from report_items' own indexes, and
-- equipment_report_counts sums chips and length (the chip report's total, the chain reports' total
-- length) beside n. Their upkeep is in src/db/derived/ (report_items.sql, equipment_report_counts.sql).
ALTER TABLE "equipment_report_counts" ADD COLUMN "chips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_report_counts" ADD COLUMN "length" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_items" ADD COLUMN "stamped_id" text;--> statement-breakpoint
ALTER TABLE "report_items" ADD COLUMN "length" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "report_items" ADD COLUMN "chips" integer;--> statement-breakpoint
-- Rows of an older database are refilled, with the new columns, by src/db/derived/report_items.sql.
DELETE FROM "report_items";--> statement-breakpoint
ALTER TABLE "report_items" ALTER COLUMN "stamped_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_items" ALTER COLUMN "chips" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "report_items_stamped_id_idx" ON "report_items" USING btree ("stamped_id");--> statement-breakpoint
CREATE INDEX "report_items_color_idx" ON "report_items" USING btree ("color","hidden","stamped_id");
