DROP INDEX "equipment_certificate_idx";--> statement-breakpoint
CREATE INDEX "equipment_certificate_idx" ON "equipment" USING btree ("certificate_id","stamped_id");