CREATE TABLE "equipment_age_events" (
	"equipment_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"event_id" integer NOT NULL,
	"is_renewal" boolean NOT NULL,
	"reset_age" boolean NOT NULL,
	"age_at_reset" numeric(6, 2),
	CONSTRAINT "equipment_age_events_equipment_id_event_date_event_id_pk" PRIMARY KEY("equipment_id","event_date","event_id")
);
--> statement-breakpoint
-- hand-written (decision 056). equipment_age_events holds, per item, the events that set an effective
-- age (docs/equipment-age.md): renewals, and reset-age events with an age. A page of items reads each
-- item's latest one by one probe of the key. Kept in the writing transaction:
-- - event items inserted or deleted: statement triggers from the transition tables (one set-based
--   statement each; an event's delete reaches its items' rows through the items' cascade);
-- - an event's date or age fields changed: a statement trigger re-adds the rows of its items;
-- - an event item moved to another event or item: a row trigger on those two columns only, which the
--   app never updates, so the editor's renumbering (thousands of sequence updates) does not run it.
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
--> statement-breakpoint
CREATE FUNCTION equipment_age_events_item_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_age_events WHERE equipment_id = OLD.equipment_id AND event_id = OLD.event_id;
  INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
  SELECT NEW.equipment_id, e.event_date, e.id, e.is_renewal, e.reset_age, e.age_at_reset
  FROM events e WHERE e.id = NEW.event_id AND (e.is_renewal OR e.reset_age) AND (e.is_renewal OR e.age_at_reset IS NOT NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_age_events_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The rows of an event that set an age and changed, under its old date; then those it sets now.
  -- Through EXECUTE: a join of the two transition tables is planned per firing (decision 054).
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
--> statement-breakpoint
INSERT INTO equipment_age_events (equipment_id, event_date, event_id, is_renewal, reset_age, age_at_reset)
SELECT i.equipment_id, e.event_date, e.id, e.is_renewal, e.reset_age, e.age_at_reset
FROM events e JOIN event_items i ON i.event_id = e.id
WHERE (e.is_renewal OR e.reset_age) AND (e.is_renewal OR e.age_at_reset IS NOT NULL);
--> statement-breakpoint
ANALYZE equipment_age_events;
--> statement-breakpoint
CREATE TRIGGER equipment_age_events_insert AFTER INSERT ON event_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_age_events_items();
--> statement-breakpoint
CREATE TRIGGER equipment_age_events_delete AFTER DELETE ON event_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_age_events_items();
--> statement-breakpoint
CREATE TRIGGER equipment_age_events_item_moved AFTER UPDATE OF equipment_id, event_id ON event_items
  FOR EACH ROW WHEN (OLD.equipment_id <> NEW.equipment_id OR OLD.event_id <> NEW.event_id)
  EXECUTE FUNCTION equipment_age_events_item_moved();
--> statement-breakpoint
CREATE TRIGGER equipment_age_events_events AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_age_events_events();
