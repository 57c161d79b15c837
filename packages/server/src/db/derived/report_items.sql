-- Derived table: report_items
-- Sources: equipment, certificates, equipment_latest_status, chips, event_items
-- Watches: equipment (inserts, deletes; certificate_id, hidden, parent_id, stamped_id, length),
--   certificates (owner_id, type_id, sub_type_id, dimension_id), equipment_latest_status (inserts,
--   deletes; event_id, inspection_meaning), chips (inserts, deletes; equipment_id), event_items (notification,
--   equipment_id).
-- Readers: equipment_report_counts, report_totals, event_item_colors and project_events (their
--   triggers); the item reports' pages (features/reports/item-pages.ts).
-- Invariant: one row per linked item (equipment with a certificate): its owner and catalogue node,
--   whether active, its latest event and the meaning of its latest inspection ('' when none:
--   decision 071), whether it has a chip, a
--   parent or children, an open notification; its stamped id, length and number of chips.
--
-- Decisions 046 and 049. Each trigger passes the items a statement touched; the table's own triggers
-- then keep the counts from its old and new rows, so a cascade needs no care: an item whose
-- equipment or certificate is gone loses its row and its counts.

-- The rows of the items given.
CREATE FUNCTION report_items_rows(ids int[])
RETURNS TABLE (equipment_id int, owner_id int, type_id int, sub_type_id int, dimension_id int, hidden boolean, event_id int,
  meaning text, chipped boolean, connected boolean, noticed boolean, stamped_id text, length numeric, chips int)
LANGUAGE sql STABLE AS $$
  SELECT e.id, c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, ls.event_id,
    coalesce(ls.inspection_meaning, ''),
    EXISTS (SELECT 1 FROM chips ch WHERE ch.equipment_id = e.id),
    e.parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM equipment k WHERE k.parent_id = e.id),
    EXISTS (SELECT 1 FROM event_items i WHERE i.equipment_id = e.id AND i.notification),
    e.stamped_id, e.length, (SELECT count(*) FROM chips ch WHERE ch.equipment_id = e.id)::int
  FROM equipment e
  JOIN certificates c ON c.id = e.certificate_id
  LEFT JOIN equipment_latest_status ls ON ls.equipment_id = e.id
  WHERE ids IS NULL OR e.id = ANY(ids)
$$;

-- An item, and its parent (whose "connected" may change).
CREATE FUNCTION report_items_from_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$WITH c AS (%s)
    SELECT derived_refresh('report_items', array(SELECT id FROM c UNION SELECT parent_id FROM c WHERE parent_id IS NOT NULL))$q$,
    derived_changes(TG_OP, 'id, certificate_id, hidden, parent_id, stamped_id, length'));
  RETURN NULL;
END $$;

CREATE FUNCTION report_items_from_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('report_items', array(
    SELECT e.id FROM (SELECT DISTINCT id FROM (%s) c) c JOIN equipment e ON e.certificate_id = c.id))$q$,
    derived_changes(TG_OP, 'id, owner_id, type_id, sub_type_id, dimension_id'));
  RETURN NULL;
END $$;

CREATE FUNCTION report_items_from_latest_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('report_items', array(SELECT DISTINCT equipment_id FROM (%s) c))$q$,
    derived_changes(TG_OP, 'equipment_id, event_id, inspection_meaning'));
  RETURN NULL;
END $$;

CREATE FUNCTION report_items_from_chips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('report_items', array(
    SELECT DISTINCT equipment_id FROM (%s) c WHERE equipment_id IS NOT NULL))$q$,
    derived_changes(TG_OP, 'equipment_id'));
  RETURN NULL;
END $$;

-- Event items: only notifications change an item's row (its status comes through its latest status).
CREATE FUNCTION report_items_from_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('report_items', array(SELECT DISTINCT equipment_id FROM (%s) c WHERE notification))$q$,
    derived_changes(TG_OP, 'equipment_id, notification'));
  RETURN NULL;
END $$;

SELECT derived_triggers('equipment', 'report_items', 'report_items_from_equipment');
SELECT derived_triggers('certificates', 'report_items', 'report_items_from_certificates', '{update}');
SELECT derived_triggers('equipment_latest_status', 'report_items', 'report_items_from_latest_status');
SELECT derived_triggers('chips', 'report_items', 'report_items_from_chips');
SELECT derived_triggers('event_items', 'report_items', 'report_items_from_event_items');

-- Rebuild:
SELECT * FROM report_items_rows(NULL)
