-- Derived table: equipment_due
-- Sources: equipment, certificates, due_regimes, event_type_due_kinds, event_items, events, folders,
--   equipment_latest_status
-- Watches: equipment (inserts; certificate_id, hidden), certificates (owner_id, type_id, sub_type_id,
--   date_signed), due_regimes (all writes), event_type_due_kinds (all writes), event_items (inserts,
--   deletes; equipment_id, event_id, status_id), events (event_date, type_id, rig_id, is_renewal),
--   folders (meaning), equipment_latest_status (inspection_meaning).
-- Readers: equipment_due_days and equipment_due_months (their triggers), the due list and reminders
--   (features/due-dates), the general report (features/reports/general-queries.ts), the Renewal report
--   (features/reports/item-queries.ts).
-- Invariant: one row per active linked item that has a due date under docs/due-dates.md: the sooner
--   of its next inspection and renewal, what it counts from, its owner, type and latest rig, its
--   renewal clock alone, and whether its latest inspection means condemned.
--
-- Decision 044. A regime change recomputes every item of that certificate type in the admin's
-- transaction. Without any regime there is nothing to compute, so bulk loads before one cost little.

-- The rows of the items given: the rule of docs/due-dates.md.
CREATE FUNCTION equipment_due_rows(ids int[])
RETURNS TABLE (equipment_id int, owner_id int, certificate_type_id int, rig_id int, due_date date, due_kind text, basis_date date,
  renewal_due date, condemned boolean)
LANGUAGE sql STABLE AS $$
  WITH items AS (
    SELECT e.id, c.owner_id, c.type_id, c.date_signed,
      coalesce(rs.inspection_months, rt.inspection_months) AS inspection_months,
      coalesce(rs.renewal_months, rt.renewal_months) AS renewal_months
    FROM equipment e
    JOIN certificates c ON c.id = e.certificate_id
    LEFT JOIN due_regimes rt ON rt.certificate_type_id = c.type_id AND rt.sub_type_id IS NULL
    LEFT JOIN due_regimes rs ON rs.certificate_type_id = c.type_id AND rs.sub_type_id = c.sub_type_id
    WHERE (ids IS NULL OR e.id = ANY(ids)) AND NOT e.hidden AND EXISTS (SELECT 1 FROM due_regimes)
  ),
  -- Only an inspection counts (its status means fit, monitor or condemned); a renewal renews only an
  -- item it found fit or to monitor.
  history AS (
    SELECT i.id,
      max(ev.event_date) FILTER (WHERE (k.kind IS NOT NULL OR ev.is_renewal) AND s.meaning IN ('fit', 'monitor', 'condemned')) AS last_counting,
      max(ev.event_date) FILTER (WHERE (k.kind = 'renewal' OR ev.is_renewal) AND s.meaning IN ('fit', 'monitor')) AS last_renewal,
      (array_agg(ev.rig_id ORDER BY ev.event_date DESC, ev.id DESC))[1] AS rig_id
    FROM items i
    JOIN event_items ei ON ei.equipment_id = i.id
    JOIN events ev ON ev.id = ei.event_id
    LEFT JOIN folders s ON s.id = ei.status_id
    LEFT JOIN event_type_due_kinds k ON k.event_type_id = ev.type_id
    GROUP BY i.id
  ),
  clocks AS (
    SELECT i.id, i.owner_id, i.type_id, h.rig_id,
      greatest(i.date_signed, h.last_counting) AS inspection_basis,
      greatest(i.date_signed, h.last_renewal) AS renewal_basis,
      (greatest(i.date_signed, h.last_counting) + make_interval(months => i.inspection_months))::date AS inspection_due,
      (greatest(i.date_signed, h.last_renewal) + make_interval(months => i.renewal_months))::date AS renewal_due
    FROM items i LEFT JOIN history h ON h.id = i.id
  )
  SELECT k.id, k.owner_id, k.type_id, k.rig_id,
    least(k.inspection_due, k.renewal_due),
    CASE WHEN k.inspection_due IS NULL OR k.renewal_due < k.inspection_due THEN 'renewal' ELSE 'inspection' END,
    CASE WHEN k.inspection_due IS NULL OR k.renewal_due < k.inspection_due THEN k.renewal_basis ELSE k.inspection_basis END,
    k.renewal_due,
    coalesce(ls.inspection_meaning = 'condemned', false)
  FROM clocks k LEFT JOIN equipment_latest_status ls ON ls.equipment_id = k.id
  WHERE least(k.inspection_due, k.renewal_due) IS NOT NULL
$$;

-- Each trigger passes the items whose due date a statement may have changed: those of the rows whose
-- watched columns changed (derived_changes: an update's unchanged rows cancel out).
CREATE FUNCTION equipment_due_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(SELECT DISTINCT equipment_id FROM (%s) c))$q$,
    derived_changes(TG_OP, 'equipment_id, event_id, status_id'));
  RETURN NULL;
END $$;

CREATE FUNCTION equipment_due_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(
    SELECT DISTINCT ei.equipment_id FROM (%s) c JOIN event_items ei ON ei.event_id = c.id))$q$,
    derived_changes(TG_OP, 'id, event_date, type_id, rig_id, is_renewal'));
  RETURN NULL;
END $$;

-- A new item counts only when linked and active; a changed one always (its old row has d = -1).
CREATE FUNCTION equipment_due_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(
    SELECT DISTINCT id FROM (%s) c WHERE d < 0 OR (certificate_id IS NOT NULL AND NOT hidden)))$q$,
    derived_changes(TG_OP, 'id, certificate_id, hidden'));
  RETURN NULL;
END $$;

CREATE FUNCTION equipment_due_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(
    SELECT e.id FROM (SELECT DISTINCT id FROM (%s) c) c JOIN equipment e ON e.certificate_id = c.id))$q$,
    derived_changes(TG_OP, 'id, owner_id, type_id, sub_type_id, date_signed'));
  RETURN NULL;
END $$;

-- A regime, or what an event type counts as: every item of that certificate or event type.
CREATE FUNCTION equipment_due_regimes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(
    SELECT e.id FROM certificates c JOIN equipment e ON e.certificate_id = c.id
    WHERE c.type_id IN (SELECT certificate_type_id FROM (%s) r)))$q$,
    derived_changes(TG_OP, 'certificate_type_id, sub_type_id, inspection_months, renewal_months'));
  RETURN NULL;
END $$;

CREATE FUNCTION equipment_due_kinds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(
    SELECT DISTINCT ei.equipment_id FROM events ev JOIN event_items ei ON ei.event_id = ev.id
    WHERE ev.type_id IN (SELECT event_type_id FROM (%s) k)))$q$,
    derived_changes(TG_OP, 'event_type_id, kind'));
  RETURN NULL;
END $$;

-- A status's new meaning: every item with that status in any event.
CREATE FUNCTION equipment_due_folders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(
    SELECT DISTINCT ei.equipment_id FROM (SELECT DISTINCT id FROM (%s) c) c JOIN event_items ei ON ei.status_id = c.id))$q$,
    derived_changes(TG_OP, 'id, meaning'));
  RETURN NULL;
END $$;

-- An item's latest inspection became, or stopped being, condemned.
CREATE FUNCTION equipment_due_latest_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_due', array(SELECT DISTINCT equipment_id FROM (%s) c))$q$,
    derived_changes(TG_OP, 'equipment_id, inspection_meaning IS NOT DISTINCT FROM ''condemned'' AS condemned'));
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'equipment_due_event_items', 'equipment_due_event_items');
SELECT derived_triggers('events', 'equipment_due_events', 'equipment_due_events', '{update}');
SELECT derived_triggers('equipment', 'equipment_due_equipment', 'equipment_due_equipment', '{insert,update}');
SELECT derived_triggers('certificates', 'equipment_due_certificates', 'equipment_due_certificates', '{update}');
SELECT derived_triggers('due_regimes', 'equipment_due_regimes', 'equipment_due_regimes');
SELECT derived_triggers('event_type_due_kinds', 'equipment_due_kinds', 'equipment_due_kinds');
SELECT derived_triggers('folders', 'equipment_due_folders', 'equipment_due_folders', '{update}');
SELECT derived_triggers('equipment_latest_status', 'equipment_due_latest_status', 'equipment_due_latest_status');

-- Rebuild:
SELECT * FROM equipment_due_rows(NULL)
