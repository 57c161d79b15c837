-- Issue 25 part 2 and issue 28 (decision 081, docs/sign-off.md "Amendments"): an amendment also corrects
-- an item's measurements (with the version they are judged by and the proposal they give) and adds images.
-- The seal rules of 0035 stay the one rule; while `portal.amending` is set in the transaction that records
-- the amendment as a seal, they let it change these columns too, and insert (never update or delete) images.
CREATE OR REPLACE FUNCTION "seal_event_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  amendable text[] := CASE WHEN current_setting('portal.amending', true) = 'on'
    THEN ARRAY['status_id', 'comment', 'measurements', 'measurement_version_id', 'proposed_status_id'] ELSE ARRAY[]::text[] END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF event_is_sealed(NEW.event_id) THEN PERFORM refuse_sealed_write(); END IF;
    RETURN NEW;
  END IF;
  IF event_is_sealed(OLD.event_id) THEN
    -- Only the notification flag (with who and when) may change on a sealed item, and what an amendment
    -- corrects in the transaction that records it; the hash chain shows any other use of this setting.
    IF TG_OP = 'DELETE' OR NEW.event_id <> OLD.event_id
       OR (to_jsonb(NEW) - 'notification' - 'updated_at' - 'updated_by' - amendable)
          <> (to_jsonb(OLD) - 'notification' - 'updated_at' - 'updated_by' - amendable) THEN
      PERFORM refuse_sealed_write();
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND event_is_sealed(NEW.event_id) AND NEW.event_id <> OLD.event_id THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "seal_event_item_images"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item bigint := CASE WHEN TG_OP = 'INSERT' THEN NEW.event_item_id ELSE OLD.event_item_id END;
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('portal.amending', true) = 'on' THEN RETURN NEW; END IF;
  IF event_is_sealed((select event_id from event_items where id = item)) THEN PERFORM refuse_sealed_write(); END IF;
  IF TG_OP = 'UPDATE' AND event_is_sealed((select event_id from event_items where id = NEW.event_item_id)) THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
