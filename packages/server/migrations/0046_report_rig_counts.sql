CREATE TABLE "report_rig_counts" (
	"owner_id" integer NOT NULL,
	"rig_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_rig_counts_owner_id_rig_id_pk" PRIMARY KEY("owner_id","rig_id")
);
