-- hand-written (decision 054). A PL/pgSQL trigger plans each of its statements once per connection and
-- keeps that plan. A statement that joins the two transition tables (new_rows JOIN old_rows) planned on
-- a firing that touched no row estimates one row on each side and keeps a nested loop, which then
-- compares every new row with every old row on each later firing: a 40,000-row update took 10 minutes
-- (quadratic) on a connection that had first run an update of nothing (INSERT ... ON CONFLICT DO
-- UPDATE fires the update trigger with empty tables). These statements now run through EXECUTE, so
-- they are planned on every firing with the transition tables' real row counts (hash or merge join
-- when large). Bodies otherwise unchanged from migrations 0013, 0015, 0017 and 0020.
CREATE OR REPLACE FUNCTION equipment_due_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_due_refresh(array(SELECT DISTINCT equipment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM equipment_due_refresh(array(SELECT DISTINCT equipment_id FROM old_rows));
  ELSE
    EXECUTE $q$SELECT equipment_due_refresh(array(
      SELECT n.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.equipment_id <> o.equipment_id OR n.event_id <> o.event_id
      UNION SELECT o.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.equipment_id <> o.equipment_id OR n.event_id <> o.event_id))$q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION equipment_due_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT equipment_due_refresh(array(
    SELECT DISTINCT ei.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN event_items ei ON ei.event_id = n.id
    WHERE (n.event_date, n.type_id, n.rig_id, n.is_renewal) IS DISTINCT FROM (o.event_date, o.type_id, o.rig_id, o.is_renewal)))$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION equipment_due_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM equipment_due_refresh(array(SELECT id FROM new_rows WHERE certificate_id IS NOT NULL AND NOT hidden));
  ELSE
    EXECUTE $q$SELECT equipment_due_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.certificate_id, n.hidden) IS DISTINCT FROM (o.certificate_id, o.hidden)))$q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION equipment_due_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT equipment_due_refresh(array(
    SELECT e.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN equipment e ON e.certificate_id = n.id
    WHERE (n.owner_id, n.type_id, n.sub_type_id, n.date_signed) IS DISTINCT FROM (o.owner_id, o.type_id, o.sub_type_id, o.date_signed)))$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_from_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT report_items_refresh(array(
    SELECT e.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN equipment e ON e.certificate_id = n.id
    WHERE (n.owner_id, n.type_id, n.sub_type_id, n.dimension_id) IS DISTINCT FROM (o.owner_id, o.type_id, o.sub_type_id, o.dimension_id)))$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_from_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_items_refresh(array(SELECT DISTINCT equipment_id FROM new_rows WHERE notification));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_items_refresh(array(SELECT DISTINCT equipment_id FROM old_rows WHERE notification));
  ELSE
    EXECUTE $q$SELECT report_items_refresh(array(
      SELECT n.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.notification OR o.notification) AND (n.notification, n.equipment_id) IS DISTINCT FROM (o.notification, o.equipment_id)
      UNION SELECT o.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.notification OR o.notification) AND (n.notification, n.equipment_id) IS DISTINCT FROM (o.notification, o.equipment_id)))$q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_from_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_items_refresh(array(SELECT id FROM new_rows UNION SELECT parent_id FROM new_rows WHERE parent_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_items_refresh(array(SELECT id FROM old_rows UNION SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  ELSE
    EXECUTE $q$SELECT report_items_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.certificate_id, n.hidden, n.parent_id, n.stamped_id, n.length)
        IS DISTINCT FROM (o.certificate_id, o.hidden, o.parent_id, o.stamped_id, o.length)
      UNION SELECT unnest(array[n.parent_id, o.parent_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.parent_id IS DISTINCT FROM o.parent_id))$q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_aggregates_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_aggregates_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": 1, "moved": true}') FROM new_rows r), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_aggregates_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": -1, "moved": true}') FROM old_rows r), '[]'));
  ELSE
    EXECUTE $q$SELECT report_aggregates_add(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT to_jsonb(n) || jsonb_build_object('d', 1, 'moved', n.owner_id <> o.owner_id) AS x
      FROM new_rows n JOIN old_rows o ON o.equipment_id = n.equipment_id
      UNION ALL SELECT to_jsonb(o) || jsonb_build_object('d', -1, 'moved', n.owner_id <> o.owner_id)
      FROM new_rows n JOIN old_rows o ON o.equipment_id = n.equipment_id) u), '[]'))$q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION event_item_colors_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_item_colors_add((SELECT jsonb_agg(jsonb_build_object('event_id', event_id, 'equipment_id', equipment_id, 'status_id', status_id, 'd', 1)) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_item_colors_add((SELECT jsonb_agg(jsonb_build_object('event_id', event_id, 'equipment_id', equipment_id, 'status_id', status_id, 'd', -1)) FROM old_rows));
  ELSE
    EXECUTE $q$SELECT event_item_colors_add((SELECT jsonb_agg(x) FROM (
      SELECT jsonb_build_object('event_id', n.event_id, 'equipment_id', n.equipment_id, 'status_id', n.status_id, 'd', 1) AS x FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.event_id, n.equipment_id, n.status_id) IS DISTINCT FROM (o.event_id, o.equipment_id, o.status_id)
      UNION ALL SELECT jsonb_build_object('event_id', o.event_id, 'equipment_id', o.equipment_id, 'status_id', o.status_id, 'd', -1) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.event_id, n.equipment_id, n.status_id) IS DISTINCT FROM (o.event_id, o.equipment_id, o.status_id)) u))$q$;
  END IF;
  RETURN NULL;
END $$;
