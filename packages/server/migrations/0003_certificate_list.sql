CREATE INDEX "certificates_number_idx" ON "certificates" USING btree ("certificate_number","id");--> statement-breakpoint
CREATE INDEX "certificates_signed_idx" ON "certificates" USING btree ("date_signed","id");--> statement-breakpoint
CREATE INDEX "certificates_owner_number_idx" ON "certificates" USING btree ("owner_id","certificate_number","id");