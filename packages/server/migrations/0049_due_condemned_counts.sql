-- Decision 096: the due list's light counts read the condemned items not yet overdue from the day and
-- month counts, not from equipment_due. The runner fills the new columns: the two derived files changed,
-- so it applies them again and runs their rebuild statements after this migration.
DROP INDEX "equipment_due_days_date_idx";--> statement-breakpoint
ALTER TABLE "equipment_due_days" ADD COLUMN "condemned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_due_months" ADD COLUMN "condemned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "equipment_due_days_date_idx" ON "equipment_due_days" USING btree ("due_date","owner_id","n","condemned");