CREATE TABLE "equipment_due_months" (
	"owner_id" integer NOT NULL,
	"month" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_due_months_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
CREATE INDEX "equipment_due_days_date_idx" ON "equipment_due_days" USING btree ("due_date","owner_id","n");
-- equipment_due_months follows equipment_due like equipment_due_days (decision 058); its upkeep is in
-- src/db/derived/equipment_due_months.sql (decision 067), applied after the migrations.
