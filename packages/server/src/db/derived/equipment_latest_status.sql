-- Derived table: equipment_latest_status
-- Sources: event_items, events, folders
-- Watches: event_items (inserts, deletes; equipment_id, event_id, status_id), events (event_date),
--   folders (color, meaning).
-- Readers: report_items (its trigger), the certificate detail's items (features/certificates/queries.ts),
--   the general and item reports and their shape (features/reports), exports (features/exports).
-- Invariant: one row per item in at least one event: its event item in its latest event (by event
--   date, then event id), that item's status and the status's colour (decision 015); and its latest
--   inspection: the latest of its event items whose status means fit, monitor or condemned (null
--   when none), with its date, status and meaning (docs/due-dates.md "Status meanings").
--
-- Kept by triggers, in the writing transaction, whoever writes: the event form, the event items
-- editor, imports, cascades of a deleted event, the seeds and the test factories (decision 067; before
-- it, each writer called db/latest-status.ts).

-- The rows of the items given, from their event items.
CREATE FUNCTION equipment_latest_status_rows(ids int[])
RETURNS TABLE (equipment_id int, event_item_id bigint, event_id int, event_date date, status_id int, color text,
  inspection_event_item_id bigint, inspection_date date, inspection_status_id int, inspection_meaning text)
LANGUAGE sql STABLE AS $$
  WITH latest AS (
    SELECT DISTINCT ON (ei.equipment_id) ei.equipment_id, ei.id, e.id AS event_id, e.event_date, ei.status_id, f.color
    FROM event_items ei
    JOIN events e ON e.id = ei.event_id
    LEFT JOIN folders f ON f.id = ei.status_id
    WHERE ids IS NULL OR ei.equipment_id = ANY(ids)
    ORDER BY ei.equipment_id, e.event_date DESC, e.id DESC
  ),
  inspection AS (
    SELECT DISTINCT ON (ei.equipment_id) ei.equipment_id, ei.id, e.event_date, ei.status_id, f.meaning
    FROM event_items ei
    JOIN events e ON e.id = ei.event_id
    JOIN folders f ON f.id = ei.status_id
    WHERE (ids IS NULL OR ei.equipment_id = ANY(ids)) AND f.meaning IN ('fit', 'monitor', 'condemned')
    ORDER BY ei.equipment_id, e.event_date DESC, e.id DESC
  )
  SELECT l.equipment_id, l.id, l.event_id, l.event_date, l.status_id, l.color, i.id, i.event_date, i.status_id, i.meaning
  FROM latest l LEFT JOIN inspection i ON i.equipment_id = l.equipment_id
$$;

-- Event items written: their items, before and after a move to another item or event. A deleted
-- event item's row goes first, by its foreign key's cascade; the refresh then finds the item's next
-- latest event item, if any.
CREATE FUNCTION equipment_latest_status_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_latest_status', array(SELECT DISTINCT equipment_id FROM (%s) c))$q$,
    derived_changes(TG_OP, 'id, equipment_id, event_id, status_id'));
  RETURN NULL;
END $$;

-- An event's new date can make it, or stop it being, its items' latest.
CREATE FUNCTION equipment_latest_status_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_latest_status', array(
    SELECT DISTINCT ei.equipment_id FROM (%s) c JOIN event_items ei ON ei.event_id = c.id))$q$,
    derived_changes(TG_OP, 'id, event_date'));
  RETURN NULL;
END $$;

-- A status's new colour is copied to the rows that show it; a new meaning can change which event item
-- is an item's latest inspection, so every item with that status anywhere is refreshed.
CREATE FUNCTION equipment_latest_status_from_folders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$UPDATE equipment_latest_status s SET color = c.color FROM (%s) c WHERE c.d > 0 AND s.status_id = c.id$q$,
    derived_changes(TG_OP, 'id, color'));
  EXECUTE format($q$SELECT derived_refresh('equipment_latest_status', array(
    SELECT DISTINCT ei.equipment_id FROM (SELECT DISTINCT id FROM (%s) c) c JOIN event_items ei ON ei.status_id = c.id))$q$,
    derived_changes(TG_OP, 'id, meaning'));
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'equipment_latest_status', 'equipment_latest_status_from_items');
SELECT derived_triggers('events', 'equipment_latest_status', 'equipment_latest_status_from_events', '{update}');
SELECT derived_triggers('folders', 'equipment_latest_status', 'equipment_latest_status_from_folders', '{update}');

-- Rebuild:
SELECT * FROM equipment_latest_status_rows(NULL)
