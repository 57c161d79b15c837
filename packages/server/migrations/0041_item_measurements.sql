ALTER TABLE "event_items" ADD COLUMN "measurements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_items" ADD COLUMN "measurement_version_id" integer;--> statement-breakpoint
ALTER TABLE "event_items" ADD COLUMN "proposed_status_id" integer;--> statement-breakpoint
ALTER TABLE "event_items" ADD COLUMN "verdict_reason" text;--> statement-breakpoint
ALTER TABLE "event_items" ADD CONSTRAINT "event_items_measurement_version_id_measurement_template_versions_id_fk" FOREIGN KEY ("measurement_version_id") REFERENCES "public"."measurement_template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_items" ADD CONSTRAINT "event_items_measurement_version_check" CHECK (("event_items"."measurements" = '[]'::jsonb) = ("event_items"."measurement_version_id" is null));
-- The seal rule of 0035 (seal_event_items) compares the whole row but the notification flag, so these
-- columns are sealed with the item after sign-off as its status is (decision 077); an amendment leaves them.
