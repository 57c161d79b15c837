CREATE TABLE "project_event_sets" (
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owners" integer[] NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_event_sets_rig_id_project_id_owners_pk" PRIMARY KEY("rig_id","project_id","owners")
);
--> statement-breakpoint
CREATE TABLE "project_events" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"owners" integer[] NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_items" (
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_items_rig_id_project_id_owner_id_color_pk" PRIMARY KEY("rig_id","project_id","owner_id","color")
);
--> statement-breakpoint
CREATE INDEX "project_events_dates_idx" ON "project_events" USING btree ("rig_id","project_id","event_date","owners");--> statement-breakpoint
CREATE INDEX "report_items_event_idx" ON "report_items" USING btree ("event_id");--> statement-breakpoint
-- hand-written (decision 057). The projects report's event count is of distinct events over the
-- caller's owners, so per-owner sums cannot give it. project_events holds each event that is the
-- latest of at least one active linked item (rig, project, date, the owners of those items and their
-- count per owner and colour); its statement triggers keep two roll-ups from its old and new rows:
-- project_event_sets (events per rig, project and owner set) and project_items (items per rig,
-- project, owner and colour). The first and last dates are read from project_events_dates_idx.
-- project_counts (migration report_counts), read only by the projects report, goes.
-- Their upkeep is in src/db/derived/ (project_events.sql, project_event_sets.sql, project_items.sql;
-- decision 067), applied after the migrations on new and upgraded databases alike.
DROP TABLE "project_counts";
