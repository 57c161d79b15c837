-- Derived table: equipment_age_events
-- Sources: event_items, events, folders
-- Watches: event_items (inserts, deletes; equipment_id, event_id, status_id), events (event_date,
--   is_renewal, reset_age, age_at_reset), folders (meaning).
-- Readers: the event's item page, for each item's effective age (features/events/chip-page.ts).
-- Invariant: per item, one row for each event it is in that renews it (a renewal whose status for the
--   item means fit or monitor), or resets the age to a given age (docs/equipment-age.md), with that
--   event's date and age fields; `is_renewal` says it renews the item.
--
-- Decision 056: a page of items reads each item's latest one by one probe of the key. No foreign
-- keys: these triggers remove the rows (an item with event items cannot be deleted; an event's
-- delete reaches its items' rows through the items' cascade).

-- The rows the event items given set (all of them for a rebuild: items NULL): a renewal renews an item
-- only when its status in it means fit or monitor (docs/due-dates.md). The given items are read by
-- their key, one probe each; `items IS NULL OR i.id = ANY(items)` read every event item and compared
-- each with the whole array (the scale seed's 200,000-item batches slowed from 60 s to 190 s and on).
CREATE FUNCTION equipment_age_events_rows(items bigint[])
RETURNS TABLE (equipment_id int, event_date date, event_id int, is_renewal boolean, reset_age boolean, age_at_reset numeric)
LANGUAGE sql STABLE AS $$
  WITH chosen AS (
    SELECT i.equipment_id, i.event_id, i.status_id FROM unnest(items) AS x(id) JOIN event_items i ON i.id = x.id
    UNION ALL
    SELECT i.equipment_id, i.event_id, i.status_id FROM event_items i WHERE items IS NULL
  )
  SELECT r.equipment_id, r.event_date, r.event_id, r.renews, r.reset_age, r.age_at_reset
  FROM (
    SELECT i.equipment_id, e.event_date, e.id AS event_id, e.reset_age, e.age_at_reset,
      e.is_renewal AND coalesce(s.meaning IN ('fit', 'monitor'), false) AS renews
    FROM chosen i JOIN events e ON e.id = i.event_id LEFT JOIN folders s ON s.id = i.status_id
  ) r
  WHERE (r.renews OR r.reset_age) AND (r.renews OR r.age_at_reset IS NOT NULL)
$$;

-- Replaces the rows of the event items given (their item and event pairs) by what they set now.
CREATE FUNCTION equipment_age_events_redo(items bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM equipment_age_events a USING unnest(items) AS x(id) JOIN event_items i ON i.id = x.id
  WHERE a.equipment_id = i.equipment_id AND a.event_id = i.event_id;
  INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
  SELECT * FROM equipment_age_events_rows(items) ORDER BY 1, 2, 3;
$$;

-- Event items inserted or deleted: one set-based statement each.
CREATE FUNCTION equipment_age_events_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
    SELECT * FROM equipment_age_events_rows(array(SELECT id FROM new_rows)) ORDER BY 1, 2, 3;
  ELSE
    DELETE FROM equipment_age_events a USING old_rows o WHERE a.equipment_id = o.equipment_id AND a.event_id = o.event_id;
  END IF;
  RETURN NULL;
END $$;

-- An event item moved to another event or item: a row trigger on those two columns only, which the
-- app never updates, so the editor's renumbering (thousands of sequence updates) does not run it.
CREATE FUNCTION equipment_age_events_item_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_age_events WHERE equipment_id = OLD.equipment_id AND event_id = OLD.event_id;
  PERFORM equipment_age_events_redo(ARRAY[NEW.id]);
  RETURN NULL;
END $$;

-- Event items given another status (one statement for a whole event's "status on all"): their rows
-- again. An update of other columns cancels out in derived_changes.
CREATE FUNCTION equipment_age_events_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT equipment_age_events_redo(array(SELECT id FROM (%s) c WHERE d > 0))$q$,
    derived_changes(TG_OP, 'id, status_id'));
  RETURN NULL;
END $$;

-- An event's date or age fields changed: the rows of its items go, then those they set now are added.
CREATE FUNCTION equipment_age_events_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT equipment_age_events_redo(array(
    SELECT i.id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN event_items i ON i.event_id = o.id
    WHERE (o.event_date, o.is_renewal, o.reset_age, o.age_at_reset) IS DISTINCT FROM (n.event_date, n.is_renewal, n.reset_age, n.age_at_reset)
      AND (o.is_renewal OR o.reset_age OR n.is_renewal OR n.reset_age)))$q$;
  RETURN NULL;
END $$;

-- A status's new meaning: the renewals' items that have that status.
CREATE FUNCTION equipment_age_events_folders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT equipment_age_events_redo(array(
    SELECT i.id FROM (SELECT DISTINCT id FROM (%s) c) c JOIN event_items i ON i.status_id = c.id
    JOIN events e ON e.id = i.event_id WHERE e.is_renewal))$q$,
    derived_changes(TG_OP, 'id, meaning'));
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'equipment_age_events', 'equipment_age_events_items', '{insert,delete}');
CREATE TRIGGER equipment_age_events_item_moved AFTER UPDATE OF equipment_id, event_id ON event_items
  FOR EACH ROW WHEN (OLD.equipment_id <> NEW.equipment_id OR OLD.event_id <> NEW.event_id)
  EXECUTE FUNCTION equipment_age_events_item_moved();
SELECT derived_triggers('event_items', 'equipment_age_events_status', 'equipment_age_events_status', '{update}');
SELECT derived_triggers('events', 'equipment_age_events', 'equipment_age_events_events', '{update}');
SELECT derived_triggers('folders', 'equipment_age_events', 'equipment_age_events_folders', '{update}');

-- Rebuild:
SELECT * FROM equipment_age_events_rows(NULL)
