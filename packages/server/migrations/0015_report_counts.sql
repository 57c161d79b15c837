CREATE TABLE "equipment_report_counts" (
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"inspected" boolean NOT NULL,
	"color" text NOT NULL,
	"chipped" boolean NOT NULL,
	"connected" boolean NOT NULL,
	"noticed" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_report_counts_owner_id_type_id_sub_type_id_dimension_id_hidden_inspected_color_chipped_connected_noticed_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","hidden","inspected","color","chipped","connected","noticed")
);
--> statement-breakpoint
CREATE TABLE "project_counts" (
	"owner_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_counts_owner_id_event_id_hidden_color_pk" PRIMARY KEY("owner_id","event_id","hidden","color")
);
--> statement-breakpoint
CREATE TABLE "report_items" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"event_id" integer,
	"color" text NOT NULL,
	"chipped" boolean NOT NULL,
	"connected" boolean NOT NULL,
	"noticed" boolean NOT NULL
);
-- The upkeep of these tables (trigger functions, triggers, first fill) is in src/db/derived/
-- (report_items.sql, equipment_report_counts.sql; decision 067), applied after the migrations on new and upgraded databases alike.
