CREATE TABLE "certificate_counts" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_counts" (
	"type_id" integer NOT NULL,
	"rig_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "event_counts_type_id_rig_id_created_by_pk" PRIMARY KEY("type_id","rig_id","created_by")
);
--> statement-breakpoint
CREATE TABLE "event_item_counts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_counts" ADD CONSTRAINT "certificate_counts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_type_id_folders_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_rig_id_folders_id_fk" FOREIGN KEY ("rig_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;
-- The upkeep of these tables (trigger functions, triggers, first fill) is in src/db/derived/
-- (certificate_counts.sql, event_counts.sql, event_item_counts.sql; decision 067), applied after the migrations on new and upgraded databases alike.
