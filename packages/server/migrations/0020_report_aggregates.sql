CREATE TABLE "event_item_colors" (
	"event_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "event_item_colors_event_id_owner_id_status_id_pk" PRIMARY KEY("event_id","owner_id","status_id")
);
--> statement-breakpoint
CREATE TABLE "report_totals" (
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	"active" integer NOT NULL,
	"active_chipped" integer NOT NULL,
	"connected" integer NOT NULL,
	"noticed" integer NOT NULL,
	"inspected" integer NOT NULL,
	"chips" integer NOT NULL,
	CONSTRAINT "report_totals_owner_id_type_id_sub_type_id_dimension_id_color_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","color")
);
--> statement-breakpoint
ALTER TABLE "certificate_counts" ADD COLUMN "files" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- hand-written (decision 053). Roll-ups that the aggregate reports read instead of thousands of count
-- rows or millions of event items, kept in the writing transaction like decision 046's counts:
-- - report_totals: report_items per owner, catalogue node and colour (key info, equipment totals,
--   the general report's count), from report_items' old and new rows;
-- - certificate_counts.files: certificates with a file per owner (key info);
-- - event_item_colors: event items of linked items per event, item owner and status (activity). An
--   event item counts under its item's owner in report_items: event_items' trigger adds the rows'
--   differences joined to report_items, report_items' trigger adds the event items of items that
--   appear, disappear or change owner ("moved"). Event items cannot outlive their item (the foreign
--   key restricts), so either order of the two triggers counts each row once.
-- Upserts in key order (one lock order for concurrent writers); rows reaching 0 stay (list_counts).
-- report_items' chip count (key info counts chips, not chipped items) comes from migration
-- report_item_pages.
CREATE FUNCTION report_aggregates_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(delta) AS x(equipment_id int, owner_id int, type_id int, sub_type_id int,
      dimension_id int, hidden boolean, event_id int, color text, chipped boolean, connected boolean, noticed boolean,
      chips int, moved boolean, d int)
  ), totals AS (
    INSERT INTO report_totals AS k
      (owner_id, type_id, sub_type_id, dimension_id, color, n, active, active_chipped, connected, noticed, inspected, chips)
    SELECT owner_id, type_id, sub_type_id, dimension_id, color, sum(d), coalesce(sum(d) FILTER (WHERE NOT hidden), 0),
      coalesce(sum(d) FILTER (WHERE NOT hidden AND chipped), 0), coalesce(sum(d) FILTER (WHERE connected), 0),
      coalesce(sum(d) FILTER (WHERE noticed), 0), coalesce(sum(d) FILTER (WHERE event_id IS NOT NULL), 0), sum(d * chips)
    FROM d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, color) DO UPDATE SET n = k.n + excluded.n,
      active = k.active + excluded.active, active_chipped = k.active_chipped + excluded.active_chipped,
      connected = k.connected + excluded.connected, noticed = k.noticed + excluded.noticed,
      inspected = k.inspected + excluded.inspected, chips = k.chips + excluded.chips
  )
  INSERT INTO event_item_colors AS k (event_id, owner_id, status_id, n)
  SELECT i.event_id, d.owner_id, coalesce(i.status_id, 0), sum(d.d)
  FROM d JOIN event_items i ON i.equipment_id = d.equipment_id WHERE d.moved
  GROUP BY 1, 2, 3 HAVING sum(d.d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (event_id, owner_id, status_id) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
-- report_items' new rows added, old ones subtracted; an update moves the item's event items only when
-- its owner changed (most updates are a new latest status).
CREATE FUNCTION report_aggregates_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_aggregates_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": 1, "moved": true}') FROM new_rows r), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_aggregates_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": -1, "moved": true}') FROM old_rows r), '[]'));
  ELSE
    PERFORM report_aggregates_add(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT to_jsonb(n) || jsonb_build_object('d', 1, 'moved', n.owner_id <> o.owner_id) AS x
      FROM new_rows n JOIN old_rows o ON o.equipment_id = n.equipment_id
      UNION ALL SELECT to_jsonb(o) || jsonb_build_object('d', -1, 'moved', n.owner_id <> o.owner_id)
      FROM new_rows n JOIN old_rows o ON o.equipment_id = n.equipment_id) u), '[]'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Event items' (event, item, status) with +1 / -1, counted under the item's owner (rows of unlinked
-- items, absent from report_items, count nowhere); an update's unchanged rows cancel out.
CREATE FUNCTION event_item_colors_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO event_item_colors AS k (event_id, owner_id, status_id, n)
  SELECT x.event_id, r.owner_id, coalesce(x.status_id, 0), sum(x.d)
  FROM jsonb_to_recordset(delta) AS x(event_id int, equipment_id int, status_id int, d int)
  JOIN report_items r ON r.equipment_id = x.equipment_id
  GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (event_id, owner_id, status_id) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION event_item_colors_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_item_colors_add((SELECT jsonb_agg(jsonb_build_object('event_id', event_id, 'equipment_id', equipment_id, 'status_id', status_id, 'd', 1)) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_item_colors_add((SELECT jsonb_agg(jsonb_build_object('event_id', event_id, 'equipment_id', equipment_id, 'status_id', status_id, 'd', -1)) FROM old_rows));
  ELSE
    PERFORM event_item_colors_add((SELECT jsonb_agg(x) FROM (
      SELECT jsonb_build_object('event_id', n.event_id, 'equipment_id', n.equipment_id, 'status_id', n.status_id, 'd', 1) AS x FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.event_id, n.equipment_id, n.status_id) IS DISTINCT FROM (o.event_id, o.equipment_id, o.status_id)
      UNION ALL SELECT jsonb_build_object('event_id', o.event_id, 'equipment_id', o.equipment_id, 'status_id', o.status_id, 'd', -1) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.event_id, n.equipment_id, n.status_id) IS DISTINCT FROM (o.event_id, o.equipment_id, o.status_id)) u));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Certificates with a file per owner, beside certificate_counts.n (its own trigger keeps n).
CREATE FUNCTION certificate_files_add(added int[], removed int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO certificate_counts AS k (owner_id, n, files)
  SELECT owner_id, 0, sum(d) FROM (SELECT unnest(added) AS owner_id, 1 AS d UNION ALL SELECT unnest(removed), -1) changes
  GROUP BY owner_id HAVING sum(d) <> 0 ORDER BY owner_id
  ON CONFLICT (owner_id) DO UPDATE SET files = k.files + excluded.files
$$;
--> statement-breakpoint
CREATE FUNCTION certificate_files_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM certificate_files_add(array(SELECT owner_id FROM new_rows WHERE file_id IS NOT NULL), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM certificate_files_add('{}', array(SELECT owner_id FROM old_rows WHERE file_id IS NOT NULL));
  ELSE
    PERFORM certificate_files_add(array(SELECT owner_id FROM new_rows WHERE file_id IS NOT NULL),
      array(SELECT owner_id FROM old_rows WHERE file_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The fill, before the new triggers exist.
INSERT INTO report_totals (owner_id, type_id, sub_type_id, dimension_id, color, n, active, active_chipped, connected, noticed, inspected, chips)
SELECT owner_id, type_id, sub_type_id, dimension_id, color, count(*), count(*) FILTER (WHERE NOT hidden),
  count(*) FILTER (WHERE NOT hidden AND chipped), count(*) FILTER (WHERE connected), count(*) FILTER (WHERE noticed),
  count(*) FILTER (WHERE event_id IS NOT NULL), sum(chips)
FROM report_items GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
UPDATE certificate_counts k SET files = c.n FROM (SELECT owner_id, count(*)::int AS n FROM certificates WHERE file_id IS NOT NULL GROUP BY 1) c
WHERE c.owner_id = k.owner_id;
--> statement-breakpoint
INSERT INTO event_item_colors (event_id, owner_id, status_id, n)
SELECT i.event_id, r.owner_id, coalesce(i.status_id, 0), count(*)
FROM event_items i JOIN report_items r ON r.equipment_id = i.equipment_id GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER report_aggregates_insert AFTER INSERT ON report_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_aggregates_from_items();
--> statement-breakpoint
CREATE TRIGGER report_aggregates_update AFTER UPDATE ON report_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_aggregates_from_items();
--> statement-breakpoint
CREATE TRIGGER report_aggregates_delete AFTER DELETE ON report_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_aggregates_from_items();
--> statement-breakpoint
CREATE TRIGGER event_item_colors_insert AFTER INSERT ON event_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_colors_apply();
--> statement-breakpoint
CREATE TRIGGER event_item_colors_update AFTER UPDATE ON event_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_colors_apply();
--> statement-breakpoint
CREATE TRIGGER event_item_colors_delete AFTER DELETE ON event_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_item_colors_apply();
--> statement-breakpoint
CREATE TRIGGER certificate_files_insert AFTER INSERT ON certificates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_files_apply();
--> statement-breakpoint
CREATE TRIGGER certificate_files_update AFTER UPDATE ON certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_files_apply();
--> statement-breakpoint
CREATE TRIGGER certificate_files_delete AFTER DELETE ON certificates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_files_apply();
--> statement-breakpoint
-- Statistics for the new tables now, so the first reports are planned on them (autovacuum comes later).
ANALYZE report_items, report_totals, event_item_colors, certificate_counts;
