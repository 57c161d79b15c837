CREATE TABLE "event_item_flag_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_item_id" bigint NOT NULL,
	"notification" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
CREATE TABLE "event_seals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"inspector" text,
	"qualification" text,
	"company" text,
	"event_item_id" bigint,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_version" smallint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL,
	CONSTRAINT "event_seals_kind" CHECK (("event_seals"."kind" = 'signOff' and "event_seals"."inspector" is not null and "event_seals"."qualification" is not null and "event_seals"."company" is not null)
        or ("event_seals"."kind" = 'amendment' and "event_seals"."event_item_id" is not null and "event_seals"."reason" is not null and "event_seals"."before" is not null and "event_seals"."after" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inspector_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inspector_qualification" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inspector_company" text;--> statement-breakpoint
ALTER TABLE "event_seals" ADD CONSTRAINT "event_seals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_item_flag_changes_item_idx" ON "event_item_flag_changes" USING btree ("event_item_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_seals_one_sign_off_key" ON "event_seals" USING btree ("event_id") WHERE "event_seals"."kind" = 'signOff';--> statement-breakpoint
CREATE INDEX "event_seals_event_idx" ON "event_seals" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_seals_previous_hash_key" ON "event_seals" USING btree (coalesce("previous_hash", ''));--> statement-breakpoint
CREATE INDEX "event_seals_item_idx" ON "event_seals" USING btree ("event_item_id") WHERE "event_seals"."event_item_id" is not null;
-- Issue 25 (decision 075, docs/sign-off.md): a signed-off event is sealed. The seal rules (functions
-- and triggers) that this migration created are defined in src/db/derived/seals.sql (decision 088),
-- applied after the migrations on new and upgraded databases.
