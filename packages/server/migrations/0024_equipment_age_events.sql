CREATE TABLE "equipment_age_events" (
	"equipment_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"event_id" integer NOT NULL,
	"is_renewal" boolean NOT NULL,
	"reset_age" boolean NOT NULL,
	"age_at_reset" numeric(6, 2),
	CONSTRAINT "equipment_age_events_equipment_id_event_date_event_id_pk" PRIMARY KEY("equipment_id","event_date","event_id")
);
-- The upkeep of these tables (trigger functions, triggers, first fill) is in src/db/derived/
-- (equipment_age_events.sql; decision 067), applied after the migrations on new and upgraded databases alike.
