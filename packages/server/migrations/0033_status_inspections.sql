ALTER TABLE "equipment_report_counts" RENAME COLUMN "color" TO "meaning";--> statement-breakpoint
ALTER TABLE "project_items" RENAME COLUMN "color" TO "meaning";--> statement-breakpoint
ALTER TABLE "report_items" RENAME COLUMN "color" TO "meaning";--> statement-breakpoint
ALTER TABLE "report_totals" RENAME COLUMN "color" TO "meaning";--> statement-breakpoint
DROP INDEX "report_items_color_idx";--> statement-breakpoint
ALTER TABLE "equipment_report_counts" DROP CONSTRAINT "equipment_report_counts_owner_id_type_id_sub_type_id_dimension_id_hidden_inspected_color_chipped_connected_noticed_pk";--> statement-breakpoint
ALTER TABLE "project_items" DROP CONSTRAINT "project_items_rig_id_project_id_owner_id_color_pk";--> statement-breakpoint
ALTER TABLE "report_totals" DROP CONSTRAINT "report_totals_owner_id_type_id_sub_type_id_dimension_id_color_pk";--> statement-breakpoint
ALTER TABLE "equipment_report_counts" ADD CONSTRAINT "equipment_report_counts_owner_id_type_id_sub_type_id_dimension_id_hidden_inspected_meaning_chipped_connected_noticed_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","hidden","inspected","meaning","chipped","connected","noticed");--> statement-breakpoint
ALTER TABLE "project_items" ADD CONSTRAINT "project_items_rig_id_project_id_owner_id_meaning_pk" PRIMARY KEY("rig_id","project_id","owner_id","meaning");--> statement-breakpoint
ALTER TABLE "report_totals" ADD CONSTRAINT "report_totals_owner_id_type_id_sub_type_id_dimension_id_meaning_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","meaning");--> statement-breakpoint
ALTER TABLE "equipment_due" ADD COLUMN "renewal_due" date;--> statement-breakpoint
ALTER TABLE "equipment_due" ADD COLUMN "condemned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_latest_status" ADD COLUMN "inspection_event_item_id" bigint;--> statement-breakpoint
ALTER TABLE "equipment_latest_status" ADD COLUMN "inspection_date" date;--> statement-breakpoint
ALTER TABLE "equipment_latest_status" ADD COLUMN "inspection_status_id" integer;--> statement-breakpoint
ALTER TABLE "equipment_latest_status" ADD COLUMN "inspection_meaning" text;--> statement-breakpoint
CREATE INDEX "report_items_meaning_idx" ON "report_items" USING btree ("meaning","hidden","stamped_id");--> statement-breakpoint
CREATE INDEX "equipment_due_condemned_idx" ON "equipment_due" USING btree ("due_date","equipment_id") WHERE "equipment_due"."condemned";--> statement-breakpoint
-- Issue 23 part 2 (decision 071): the report tables count items by their latest inspection's meaning
-- instead of their latest status's colour. The renamed columns keep the old colours until the derived
-- rebuild after the migrations recomputes them; project_events' item counts take the new key now, with
-- their triggers off (project_items, renamed above, already holds the same values).
ALTER TABLE "project_events" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "project_events" SET "items" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('owner_id', i -> 'owner_id', 'meaning', i -> 'color', 'n', i -> 'n') ORDER BY o), '[]')
  FROM jsonb_array_elements("items") WITH ORDINALITY AS x(i, o)
) WHERE "items"::text LIKE '%"color"%';--> statement-breakpoint
ALTER TABLE "project_events" ENABLE TRIGGER USER;--> statement-breakpoint
-- The report settings redColors and yellowColors are retired (decision 071); 0032 has read them.
DELETE FROM "report_settings" WHERE "key" IN ('redColors', 'yellowColors');
