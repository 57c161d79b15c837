CREATE TABLE "report_event_counts" (
	"owner_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_event_counts_owner_id_event_id_hidden_pk" PRIMARY KEY("owner_id","event_id","hidden")
);
