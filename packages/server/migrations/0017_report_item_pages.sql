-- hand-written around drizzle-kit's columns and indexes (decision 049, report item pages).
-- report_items also carries each item's stamped id, length and number of chips, so an item report
-- picks its page of 50 in stamped id order from report_items' own indexes, and
-- equipment_report_counts sums chips and length (the chip report's total, the chain reports' total
-- length) beside n. The columns are filled with the triggers off (the fill changes no count key).
ALTER TABLE "equipment_report_counts" ADD COLUMN "chips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_report_counts" ADD COLUMN "length" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_items" ADD COLUMN "stamped_id" text;--> statement-breakpoint
ALTER TABLE "report_items" ADD COLUMN "length" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "report_items" ADD COLUMN "chips" integer;--> statement-breakpoint
ALTER TABLE report_items DISABLE TRIGGER report_items_update;--> statement-breakpoint
UPDATE report_items r SET stamped_id = e.stamped_id, length = e.length,
  chips = (SELECT count(*) FROM chips ch WHERE ch.equipment_id = e.id)
FROM equipment e WHERE e.id = r.equipment_id;--> statement-breakpoint
ALTER TABLE report_items ENABLE TRIGGER report_items_update;--> statement-breakpoint
ALTER TABLE "report_items" ALTER COLUMN "stamped_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_items" ALTER COLUMN "chips" SET NOT NULL;--> statement-breakpoint
UPDATE equipment_report_counts k SET chips = s.chips, length = s.length
FROM (
  SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, event_id IS NOT NULL AS inspected, color, chipped, connected, noticed,
    sum(chips)::int AS chips, coalesce(sum(length), 0) AS length
  FROM report_items GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
) s
WHERE (k.owner_id, k.type_id, k.sub_type_id, k.dimension_id, k.hidden, k.inspected, k.color, k.chipped, k.connected, k.noticed)
  = (s.owner_id, s.type_id, s.sub_type_id, s.dimension_id, s.hidden, s.inspected, s.color, s.chipped, s.connected, s.noticed);--> statement-breakpoint
CREATE INDEX "report_items_stamped_id_idx" ON "report_items" USING btree ("stamped_id");--> statement-breakpoint
CREATE INDEX "report_items_color_idx" ON "report_items" USING btree ("color","hidden","stamped_id");--> statement-breakpoint
-- As in report_counts, with the three new columns in the key's row (a change of only these updates it).
CREATE OR REPLACE FUNCTION report_items_refresh(ids int[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT e.id AS equipment_id, c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, ls.event_id,
      coalesce(ls.color, '') AS color,
      EXISTS (SELECT 1 FROM chips ch WHERE ch.equipment_id = e.id) AS chipped,
      e.parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM equipment k WHERE k.parent_id = e.id) AS connected,
      EXISTS (SELECT 1 FROM event_items i WHERE i.equipment_id = e.id AND i.notification) AS noticed,
      e.stamped_id, e.length, (SELECT count(*) FROM chips ch WHERE ch.equipment_id = e.id)::int AS chips
    FROM equipment e
    JOIN certificates c ON c.id = e.certificate_id
    LEFT JOIN equipment_latest_status ls ON ls.equipment_id = e.id
    WHERE e.id = ANY(ids)
  ), gone AS (
    DELETE FROM report_items r WHERE r.equipment_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.equipment_id = r.equipment_id)
  )
  INSERT INTO report_items AS r
    (equipment_id, owner_id, type_id, sub_type_id, dimension_id, hidden, event_id, color, chipped, connected, noticed, stamped_id, length, chips)
  SELECT * FROM fresh ORDER BY equipment_id
  ON CONFLICT (equipment_id) DO UPDATE SET owner_id = excluded.owner_id, type_id = excluded.type_id,
    sub_type_id = excluded.sub_type_id, dimension_id = excluded.dimension_id, hidden = excluded.hidden,
    event_id = excluded.event_id, color = excluded.color, chipped = excluded.chipped, connected = excluded.connected,
    noticed = excluded.noticed, stamped_id = excluded.stamped_id, length = excluded.length, chips = excluded.chips
  WHERE (r.owner_id, r.type_id, r.sub_type_id, r.dimension_id, r.hidden, r.event_id, r.color, r.chipped, r.connected, r.noticed,
      r.stamped_id, r.length, r.chips)
    IS DISTINCT FROM (excluded.owner_id, excluded.type_id, excluded.sub_type_id, excluded.dimension_id, excluded.hidden,
      excluded.event_id, excluded.color, excluded.chipped, excluded.connected, excluded.noticed,
      excluded.stamped_id, excluded.length, excluded.chips)
$$;
--> statement-breakpoint
-- As in report_counts, plus the chips and length sums; a change of only those still writes its key.
CREATE OR REPLACE FUNCTION report_counts_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(delta) AS x(owner_id int, type_id int, sub_type_id int, dimension_id int, hidden boolean,
      event_id int, color text, chipped boolean, connected boolean, noticed boolean, chips int, length numeric, d int)
  ), items AS (
    INSERT INTO equipment_report_counts AS k
      (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed, n, chips, length)
    SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, event_id IS NOT NULL, color, chipped, connected, noticed, sum(d),
      sum(d * chips), coalesce(sum(d * length), 0)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    HAVING sum(d) <> 0 OR sum(d * chips) <> 0 OR coalesce(sum(d * length), 0) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed)
    DO UPDATE SET n = k.n + excluded.n, chips = k.chips + excluded.chips, length = k.length + excluded.length
  )
  INSERT INTO project_counts AS k (owner_id, event_id, hidden, color, n)
  SELECT owner_id, event_id, hidden, color, sum(d) FROM d WHERE event_id IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (owner_id, event_id, hidden, color) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
-- As in report_counts; an item's stamped id and length are now part of its row.
CREATE OR REPLACE FUNCTION report_items_from_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_items_refresh(array(SELECT id FROM new_rows UNION SELECT parent_id FROM new_rows WHERE parent_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_items_refresh(array(SELECT id FROM old_rows UNION SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  ELSE
    PERFORM report_items_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.certificate_id, n.hidden, n.parent_id, n.stamped_id, n.length)
        IS DISTINCT FROM (o.certificate_id, o.hidden, o.parent_id, o.stamped_id, o.length)
      UNION SELECT unnest(array[n.parent_id, o.parent_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.parent_id IS DISTINCT FROM o.parent_id));
  END IF;
  RETURN NULL;
END $$;
