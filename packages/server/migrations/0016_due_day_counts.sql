CREATE TABLE "equipment_due_days" (
	"owner_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_due_days_owner_id_due_date_pk" PRIMARY KEY("owner_id","due_date")
);
-- The upkeep of these tables (trigger functions, triggers, first fill) is in src/db/derived/
-- (equipment_due_days.sql; decision 067), applied after the migrations on new and upgraded databases alike.
