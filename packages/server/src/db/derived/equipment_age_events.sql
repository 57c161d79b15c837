-- Derived table: equipment_age_events
-- Sources: event_items, events
-- Watches: event_items (inserts, deletes; equipment_id, event_id), events (event_date, is_renewal,
--   reset_age, age_at_reset).
-- Readers: the event's item page, for each item's effective age (features/events/chip-page.ts).
-- Invariant: per item, one row for each event it is in that is a renewal, or resets the age to a
--   given age (docs/equipment-age.md), with that event's date and age fields.
--
-- Decision 056: a page of items reads each item's latest one by one probe of the key. No foreign
-- keys: these triggers remove the rows (an item with event items cannot be deleted; an event's
-- delete reaches its items' rows through the items' cascade).

-- Event items inserted or deleted: one set-based statement each.
CREATE FUNCTION equipment_age_events_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
    SELECT n.equipment_id, e.event_date, e.id, e.is_renewal, e.reset_age, e.age_at_reset
    FROM new_rows n JOIN events e ON e.id = n.event_id
    WHERE (e.is_renewal OR e.reset_age) AND (e.is_renewal OR e.age_at_reset IS NOT NULL)
    ORDER BY 1, 2, 3;
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
  INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
  SELECT NEW.equipment_id, e.event_date, e.id, e.is_renewal, e.reset_age, e.age_at_reset
  FROM events e WHERE e.id = NEW.event_id AND (e.is_renewal OR e.reset_age) AND (e.is_renewal OR e.age_at_reset IS NOT NULL);
  RETURN NULL;
END $$;

-- An event's date or age fields changed: the rows of its items under its old date go, then those it
-- sets now are added. Through EXECUTE: a join of the two transition tables is planned per firing
-- (decision 054).
CREATE FUNCTION equipment_age_events_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$DELETE FROM equipment_age_events a
  USING old_rows o JOIN new_rows n ON n.id = o.id JOIN event_items i ON i.event_id = o.id
  WHERE (o.is_renewal OR o.reset_age)
    AND (o.event_date, o.is_renewal, o.reset_age, o.age_at_reset) IS DISTINCT FROM (n.event_date, n.is_renewal, n.reset_age, n.age_at_reset)
    AND a.equipment_id = i.equipment_id AND a.event_date = o.event_date AND a.event_id = o.id$q$;
  EXECUTE $q$INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
  SELECT i.equipment_id, n.event_date, n.id, n.is_renewal, n.reset_age, n.age_at_reset
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN event_items i ON i.event_id = n.id
  WHERE (n.is_renewal OR n.reset_age) AND (n.is_renewal OR n.age_at_reset IS NOT NULL)
    AND (o.event_date, o.is_renewal, o.reset_age, o.age_at_reset) IS DISTINCT FROM (n.event_date, n.is_renewal, n.reset_age, n.age_at_reset)
  ORDER BY 1, 2, 3$q$;
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'equipment_age_events', 'equipment_age_events_items', '{insert,delete}');
CREATE TRIGGER equipment_age_events_item_moved AFTER UPDATE OF equipment_id, event_id ON event_items
  FOR EACH ROW WHEN (OLD.equipment_id <> NEW.equipment_id OR OLD.event_id <> NEW.event_id)
  EXECUTE FUNCTION equipment_age_events_item_moved();
SELECT derived_triggers('events', 'equipment_age_events', 'equipment_age_events_events', '{update}');

-- Rebuild:
SELECT i.equipment_id, e.event_date, e.id AS event_id, e.is_renewal, e.reset_age, e.age_at_reset
FROM events e JOIN event_items i ON i.event_id = e.id
WHERE (e.is_renewal OR e.reset_age) AND (e.is_renewal OR e.age_at_reset IS NOT NULL)
