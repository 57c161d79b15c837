-- Decision 097: the activity report's count sums events per owner and day (activity_days), kept from
-- the event items per event and owner (event_item_owners). db/derived/ keeps both; the runner fills
-- them with their rebuild statements after this migration.
CREATE TABLE "activity_days" (
	"owner_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "activity_days_owner_id_event_date_pk" PRIMARY KEY("owner_id","event_date")
);
--> statement-breakpoint
CREATE TABLE "event_item_owners" (
	"event_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"event_date" date,
	"n" integer NOT NULL,
	CONSTRAINT "event_item_owners_event_id_owner_id_pk" PRIMARY KEY("event_id","owner_id")
);
