CREATE TABLE "equipment_report_counts" (
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"inspected" boolean NOT NULL,
	"color" text NOT NULL,
	"chipped" boolean NOT NULL,
	"connected" boolean NOT NULL,
	"noticed" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "equipment_report_counts_owner_id_type_id_sub_type_id_dimension_id_hidden_inspected_color_chipped_connected_noticed_pk" PRIMARY KEY("owner_id","type_id","sub_type_id","dimension_id","hidden","inspected","color","chipped","connected","noticed")
);
--> statement-breakpoint
CREATE TABLE "project_counts" (
	"owner_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_counts_owner_id_event_id_hidden_color_pk" PRIMARY KEY("owner_id","event_id","hidden","color")
);
--> statement-breakpoint
CREATE TABLE "report_items" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"hidden" boolean NOT NULL,
	"event_id" integer,
	"color" text NOT NULL,
	"chipped" boolean NOT NULL,
	"connected" boolean NOT NULL,
	"noticed" boolean NOT NULL
);
--> statement-breakpoint
-- hand-written
-- report_items holds each linked item's report key (decision 046); triggers on the tables the key
-- reads call report_items_refresh with the items a statement touched (set-based: one statement per
-- statement). report_items' own statement triggers apply the difference of its old and new rows to
-- equipment_report_counts and project_counts (upserts in key order, like migration list_counts), so
-- cascades need no care: an item whose equipment or certificate is gone loses its row and its counts.
CREATE FUNCTION report_items_refresh(ids int[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT e.id AS equipment_id, c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, ls.event_id,
      coalesce(ls.color, '') AS color,
      EXISTS (SELECT 1 FROM chips ch WHERE ch.equipment_id = e.id) AS chipped,
      e.parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM equipment k WHERE k.parent_id = e.id) AS connected,
      EXISTS (SELECT 1 FROM event_items i WHERE i.equipment_id = e.id AND i.notification) AS noticed
    FROM equipment e
    JOIN certificates c ON c.id = e.certificate_id
    LEFT JOIN equipment_latest_status ls ON ls.equipment_id = e.id
    WHERE e.id = ANY(ids)
  ), gone AS (
    DELETE FROM report_items r WHERE r.equipment_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.equipment_id = r.equipment_id)
  )
  INSERT INTO report_items AS r
  SELECT * FROM fresh ORDER BY equipment_id
  ON CONFLICT (equipment_id) DO UPDATE SET owner_id = excluded.owner_id, type_id = excluded.type_id,
    sub_type_id = excluded.sub_type_id, dimension_id = excluded.dimension_id, hidden = excluded.hidden,
    event_id = excluded.event_id, color = excluded.color, chipped = excluded.chipped, connected = excluded.connected,
    noticed = excluded.noticed
  WHERE (r.owner_id, r.type_id, r.sub_type_id, r.dimension_id, r.hidden, r.event_id, r.color, r.chipped, r.connected, r.noticed)
    IS DISTINCT FROM (excluded.owner_id, excluded.type_id, excluded.sub_type_id, excluded.dimension_id, excluded.hidden,
      excluded.event_id, excluded.color, excluded.chipped, excluded.connected, excluded.noticed)
$$;
--> statement-breakpoint
CREATE FUNCTION report_counts_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(delta) AS x(owner_id int, type_id int, sub_type_id int, dimension_id int, hidden boolean,
      event_id int, color text, chipped boolean, connected boolean, noticed boolean, d int)
  ), items AS (
    INSERT INTO equipment_report_counts AS k
      (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed, n)
    SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, event_id IS NOT NULL, color, chipped, connected, noticed, sum(d)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed)
    DO UPDATE SET n = k.n + excluded.n
  )
  INSERT INTO project_counts AS k (owner_id, event_id, hidden, color, n)
  SELECT owner_id, event_id, hidden, color, sum(d) FROM d WHERE event_id IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (owner_id, event_id, hidden, color) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION report_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_counts_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": 1}') FROM new_rows r), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_counts_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": -1}') FROM old_rows r), '[]'));
  ELSE
    PERFORM report_counts_add(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT to_jsonb(r) || '{"d": 1}' AS x FROM new_rows r UNION ALL SELECT to_jsonb(r) || '{"d": -1}' FROM old_rows r) u), '[]'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The initial fill, before report_items' triggers exist: the items, then their counts.
SELECT report_items_refresh(array(SELECT id FROM equipment WHERE certificate_id IS NOT NULL));
--> statement-breakpoint
INSERT INTO equipment_report_counts (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed, n)
SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, event_id IS NOT NULL, color, chipped, connected, noticed, count(*)
FROM report_items GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
--> statement-breakpoint
INSERT INTO project_counts (owner_id, event_id, hidden, color, n)
SELECT owner_id, event_id, hidden, color, count(*) FROM report_items WHERE event_id IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER report_items_insert AFTER INSERT ON report_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_apply();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON report_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_apply();
--> statement-breakpoint
CREATE TRIGGER report_items_delete AFTER DELETE ON report_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_apply();
--> statement-breakpoint
-- The sources: each branch names only the transition tables its event has.
CREATE FUNCTION report_items_from_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_items_refresh(array(SELECT id FROM new_rows UNION SELECT parent_id FROM new_rows WHERE parent_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_items_refresh(array(SELECT id FROM old_rows UNION SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  ELSE
    PERFORM report_items_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.certificate_id, n.hidden, n.parent_id) IS DISTINCT FROM (o.certificate_id, o.hidden, o.parent_id)
      UNION SELECT unnest(array[n.parent_id, o.parent_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.parent_id IS DISTINCT FROM o.parent_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_items_from_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_items_refresh(array(
    SELECT e.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN equipment e ON e.certificate_id = n.id
    WHERE (n.owner_id, n.type_id, n.sub_type_id, n.dimension_id) IS DISTINCT FROM (o.owner_id, o.type_id, o.sub_type_id, o.dimension_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- equipment_latest_status and chips: the items of the rows written.
CREATE FUNCTION report_items_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_items_refresh(array(SELECT DISTINCT equipment_id FROM new_rows WHERE equipment_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_items_refresh(array(SELECT DISTINCT equipment_id FROM old_rows WHERE equipment_id IS NOT NULL));
  ELSE
    PERFORM report_items_refresh(array(SELECT equipment_id FROM new_rows WHERE equipment_id IS NOT NULL
      UNION SELECT equipment_id FROM old_rows WHERE equipment_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- event items: only notifications change a key (the status goes through equipment_latest_status).
CREATE FUNCTION report_items_from_event_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_items_refresh(array(SELECT DISTINCT equipment_id FROM new_rows WHERE notification));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_items_refresh(array(SELECT DISTINCT equipment_id FROM old_rows WHERE notification));
  ELSE
    PERFORM report_items_refresh(array(
      SELECT n.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.notification OR o.notification) AND (n.notification, n.equipment_id) IS DISTINCT FROM (o.notification, o.equipment_id)
      UNION SELECT o.equipment_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.notification OR o.notification) AND (n.notification, n.equipment_id) IS DISTINCT FROM (o.notification, o.equipment_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_items_insert AFTER INSERT ON equipment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_equipment();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON equipment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_equipment();
--> statement-breakpoint
CREATE TRIGGER report_items_delete AFTER DELETE ON equipment REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_equipment();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_certificates();
--> statement-breakpoint
CREATE TRIGGER report_items_insert AFTER INSERT ON equipment_latest_status REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_rows();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON equipment_latest_status REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_rows();
--> statement-breakpoint
CREATE TRIGGER report_items_delete AFTER DELETE ON equipment_latest_status REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_rows();
--> statement-breakpoint
CREATE TRIGGER report_items_insert AFTER INSERT ON chips REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_rows();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON chips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_rows();
--> statement-breakpoint
CREATE TRIGGER report_items_delete AFTER DELETE ON chips REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_rows();
--> statement-breakpoint
CREATE TRIGGER report_items_insert AFTER INSERT ON event_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_event_items();
--> statement-breakpoint
CREATE TRIGGER report_items_update AFTER UPDATE ON event_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_event_items();
--> statement-breakpoint
CREATE TRIGGER report_items_delete AFTER DELETE ON event_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_items_from_event_items();
