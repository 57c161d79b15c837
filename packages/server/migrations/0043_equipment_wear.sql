CREATE TABLE "equipment_wear" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"points" integer NOT NULL,
	"rate_per_year" double precision NOT NULL,
	"discard_limit" double precision,
	"unit" text,
	"predicted_discard_date" date
);
--> statement-breakpoint
CREATE INDEX "equipment_wear_predicted_idx" ON "equipment_wear" USING btree ("predicted_discard_date","equipment_id") WHERE "equipment_wear"."predicted_discard_date" is not null;