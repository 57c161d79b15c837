CREATE TABLE "event_item_colors" (
	"event_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "event_item_colors_event_id_owner_id_status_id_pk" PRIMARY KEY("event_id","owner_id","status_id")
);
--> statement-breakpoint
CREATE TABLE "report_totals" (
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	"active" integer NOT NULL,
	"active_chipped" integer NOT NULL,
	"connected" integer NOT NULL,
	"noticed" integer NOT NULL,
	"inspected" integer NOT NULL,
	"chips" integer NOT NULL,
	CONSTRAINT "report_totals_owner_id_type_id_sub_type_id_dimension_id_color_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","color")
);
--> statement-breakpoint
ALTER TABLE "certificate_counts" ADD COLUMN "files" integer DEFAULT 0 NOT NULL;
-- The upkeep of these tables (trigger functions, triggers, first fill) is in src/db/derived/
-- (report_totals.sql, event_item_colors.sql, certificate_counts.sql; decision 067), applied after the migrations on new and upgraded databases alike.
