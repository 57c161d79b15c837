CREATE INDEX "download_tokens_user_idx" ON "download_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "download_tokens_session_idx" ON "download_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "event_counts_rig_idx" ON "event_counts" USING btree ("rig_id");--> statement-breakpoint
CREATE INDEX "due_regimes_sub_type_idx" ON "due_regimes" USING btree ("sub_type_id");--> statement-breakpoint
CREATE INDEX "certificates_file_idx" ON "certificates" USING btree ("file_id") WHERE "certificates"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "equipment_latest_status_event_item_idx" ON "equipment_latest_status" USING btree ("event_item_id");--> statement-breakpoint
CREATE INDEX "event_item_images_file_idx" ON "event_item_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "events_file_idx" ON "events" USING btree ("file_id") WHERE "events"."file_id" is not null;