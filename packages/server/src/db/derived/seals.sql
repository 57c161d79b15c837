-- Rules, not a derived table: a signed-off event is sealed (decision 075, docs/sign-off.md). Defined
-- here since decision 088 (before: migrations 0035 and 0042); nothing rebuilds them.
-- Sources: event_seals (a sign-off seals its event), event_items (the event of an image's item)
-- Watches: events (updates, deletes), event_items (all writes; an update may change only notification,
--   updated_at and updated_by, and while portal.amending is on what an amendment corrects),
--   event_item_images (all writes but an amendment's inserts), event_seals (updates, deletes),
--   event_items.notification (its history).
-- Writes: event_item_flag_changes (the notification flag's history: an append-only log, not derived data)
-- Readers: the API's error handler answers SQLSTATE PSEAL with 409 (db/errors.ts); the item's history
--   reads the flag's changes (features/event-items/service.ts); amendments set portal.amending
--   (features/events/amendments.ts).
-- Invariant: no row of a signed-off event, of its items or of their images changes or goes, but the
--   notification flag (with who and when) and what an amendment corrects in the transaction that
--   records it; no seal changes or goes; every change of the flag has a row in its history.

CREATE FUNCTION event_is_sealed(event integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  select exists (select 1 from event_seals where event_id = event and kind = 'signOff')
$$;

-- The one refusal: the API answers it with 409 'This event is signed off: record an amendment instead'.
CREATE FUNCTION refuse_sealed_write() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'This event is signed off: record an amendment instead' USING ERRCODE = 'PSEAL';
END $$;

CREATE FUNCTION seal_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF event_is_sealed(OLD.id) THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;

CREATE TRIGGER seal_events BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION seal_events();

-- The row is compared whole (as jsonb) but for the flag and its audit columns, so a column added later
-- is sealed by default. An amendment (POST /Events/{id}/Amendments, decision 081) also corrects the
-- status, comment and measurements, in the transaction that records it as a seal of its own.
CREATE FUNCTION seal_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

CREATE TRIGGER seal_event_items BEFORE INSERT OR UPDATE OR DELETE ON event_items FOR EACH ROW EXECUTE FUNCTION seal_event_items();

-- An amendment may add images (never update or delete them).
CREATE FUNCTION seal_event_item_images() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item bigint := CASE WHEN TG_OP = 'INSERT' THEN NEW.event_item_id ELSE OLD.event_item_id END;
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('portal.amending', true) = 'on' THEN RETURN NEW; END IF;
  IF event_is_sealed((select event_id from event_items where id = item)) THEN PERFORM refuse_sealed_write(); END IF;
  IF TG_OP = 'UPDATE' AND event_is_sealed((select event_id from event_items where id = NEW.event_item_id)) THEN PERFORM refuse_sealed_write(); END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;

CREATE TRIGGER seal_event_item_images BEFORE INSERT OR UPDATE OR DELETE ON event_item_images FOR EACH ROW EXECUTE FUNCTION seal_event_item_images();

-- Seals are append-only.
CREATE FUNCTION seals_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Seals are never changed or deleted' USING ERRCODE = 'PSEAL';
END $$;

CREATE TRIGGER seals_append_only BEFORE UPDATE OR DELETE ON event_seals FOR EACH ROW EXECUTE FUNCTION seals_append_only();

-- The item's history keeps each change of the notification flag, with who (the audit column the write
-- set) and when, for every event.
CREATE FUNCTION log_flag_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_item_flag_changes (event_item_id, notification, changed_by) VALUES (NEW.id, NEW.notification, NEW.updated_by);
  RETURN NULL;
END $$;

CREATE TRIGGER log_flag_change AFTER UPDATE OF notification ON event_items FOR EACH ROW
  WHEN (OLD.notification IS DISTINCT FROM NEW.notification) EXECUTE FUNCTION log_flag_change();
