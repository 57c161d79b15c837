CREATE TABLE "measurement_template_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "measurement_template_versions_version" CHECK ("measurement_template_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "measurement_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_type_id" integer NOT NULL,
	"sub_type_id" integer,
	"current_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "measurement_template_versions" ADD CONSTRAINT "measurement_template_versions_template_id_measurement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."measurement_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_templates" ADD CONSTRAINT "measurement_templates_certificate_type_id_certificate_types_id_fk" FOREIGN KEY ("certificate_type_id") REFERENCES "public"."certificate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_templates" ADD CONSTRAINT "measurement_templates_sub_type_id_certificate_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."certificate_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_templates" ADD CONSTRAINT "measurement_templates_current_version_id_measurement_template_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."measurement_template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_template_versions_template_version_key" ON "measurement_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_templates_type_sub_type_key" ON "measurement_templates" USING btree ("certificate_type_id",coalesce("sub_type_id", 0));--> statement-breakpoint
CREATE INDEX "measurement_templates_sub_type_idx" ON "measurement_templates" USING btree ("sub_type_id");
-- Issue 28 (docs/measurements.md): a saved version is what records were judged by, so it is never
-- changed or deleted. The trigger that this migration created is defined in
-- src/db/derived/measurement_versions.sql (decision 088), applied after the migrations.
