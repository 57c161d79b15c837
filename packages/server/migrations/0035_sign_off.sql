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
CREATE INDEX "event_seals_item_idx" ON "event_seals" USING btree ("event_item_id") WHERE "event_seals"."event_item_id" is not null;--> statement-breakpoint
-- Issue 25 (decision 075, docs/sign-off.md): a signed-off event is sealed. These triggers are the one
-- rule: any write to a sealed event, its items or their images raises SQLSTATE 'PSEAL', which the API
-- answers with 409 'This event is signed off: record an amendment instead'. The notification flag (and
-- the audit columns that record who turned it) is the one thing that still changes.
CREATE FUNCTION "event_is_sealed"(event integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  select exists (select 1 from event_seals where event_id = event and kind = 'signOff')
$$;--> statement-breakpoint
CREATE FUNCTION "refuse_sealed_write"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'This event is signed off: record an amendment instead' USING ERRCODE = 'PSEAL';
END $$;--> statement-breakpoint
CREATE FUNCTION "seal_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF event_is_sealed(OLD.id) THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER "seal_events" BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "seal_events"();--> statement-breakpoint
CREATE FUNCTION "seal_event_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF event_is_sealed(NEW.event_id) THEN PERFORM refuse_sealed_write(); END IF;
    RETURN NEW;
  END IF;
  IF event_is_sealed(OLD.event_id) THEN
    -- Only the notification flag (with who and when) may change on a sealed item.
    -- An amendment (POST /Events/{id}/Amendments) also changes the status and comment, in the transaction that
    -- records it as a seal of its own; the hash chain shows any other use of this setting.
    IF TG_OP = 'DELETE' OR NEW.event_id <> OLD.event_id
       OR (to_jsonb(NEW) - 'notification' - 'updated_at' - 'updated_by'
             - CASE WHEN current_setting('portal.amending', true) = 'on' THEN ARRAY['status_id', 'comment'] ELSE ARRAY[]::text[] END)
          <> (to_jsonb(OLD) - 'notification' - 'updated_at' - 'updated_by'
             - CASE WHEN current_setting('portal.amending', true) = 'on' THEN ARRAY['status_id', 'comment'] ELSE ARRAY[]::text[] END) THEN
      PERFORM refuse_sealed_write();
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND event_is_sealed(NEW.event_id) AND NEW.event_id <> OLD.event_id THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER "seal_event_items" BEFORE INSERT OR UPDATE OR DELETE ON "event_items" FOR EACH ROW EXECUTE FUNCTION "seal_event_items"();--> statement-breakpoint
CREATE FUNCTION "seal_event_item_images"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item bigint := CASE WHEN TG_OP = 'INSERT' THEN NEW.event_item_id ELSE OLD.event_item_id END;
BEGIN
  IF event_is_sealed((select event_id from event_items where id = item)) THEN PERFORM refuse_sealed_write(); END IF;
  IF TG_OP = 'UPDATE' AND event_is_sealed((select event_id from event_items where id = NEW.event_item_id)) THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER "seal_event_item_images" BEFORE INSERT OR UPDATE OR DELETE ON "event_item_images" FOR EACH ROW EXECUTE FUNCTION "seal_event_item_images"();--> statement-breakpoint
-- Seals are append-only.
CREATE FUNCTION "seals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Seals are never changed or deleted' USING ERRCODE = 'PSEAL';
END $$;--> statement-breakpoint
CREATE TRIGGER "seals_append_only" BEFORE UPDATE OR DELETE ON "event_seals" FOR EACH ROW EXECUTE FUNCTION "seals_append_only"();--> statement-breakpoint
-- The item's history keeps each change of the notification flag, with who (the audit column the write set) and when.
CREATE FUNCTION "log_flag_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_item_flag_changes (event_item_id, notification, changed_by) VALUES (NEW.id, NEW.notification, NEW.updated_by);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "log_flag_change" AFTER UPDATE OF "notification" ON "event_items" FOR EACH ROW
  WHEN (OLD.notification IS DISTINCT FROM NEW.notification) EXECUTE FUNCTION "log_flag_change"();
