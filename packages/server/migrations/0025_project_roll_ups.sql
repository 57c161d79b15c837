CREATE TABLE "project_event_sets" (
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owners" integer[] NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_event_sets_rig_id_project_id_owners_pk" PRIMARY KEY("rig_id","project_id","owners")
);
--> statement-breakpoint
CREATE TABLE "project_events" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"owners" integer[] NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_items" (
	"rig_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"color" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_items_rig_id_project_id_owner_id_color_pk" PRIMARY KEY("rig_id","project_id","owner_id","color")
);
--> statement-breakpoint
CREATE INDEX "project_events_dates_idx" ON "project_events" USING btree ("rig_id","project_id","event_date","owners");--> statement-breakpoint
CREATE INDEX "report_items_event_idx" ON "report_items" USING btree ("event_id");--> statement-breakpoint
-- hand-written (decision 057). The projects report's event count is of distinct events over the
-- caller's owners, so per-owner sums cannot give it. project_events holds each event that is the
-- latest of at least one active linked item (rig, project, date, the owners of those items and their
-- count per owner and colour); its statement triggers keep two roll-ups from its old and new rows:
-- project_event_sets (events per rig, project and owner set) and project_items (items per rig,
-- project, owner and colour). The first and last dates are read from project_events_dates_idx.
-- project_counts (migration report_counts), read only by the projects report, goes.
--
-- report_counts_add as in report_item_pages, without project_counts.
CREATE OR REPLACE FUNCTION report_counts_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(delta) AS x(owner_id int, type_id int, sub_type_id int, dimension_id int, hidden boolean,
      event_id int, color text, chipped boolean, connected boolean, noticed boolean, chips int, length numeric, d int)
  )
  INSERT INTO equipment_report_counts AS k
    (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed, n, chips, length)
  SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, event_id IS NOT NULL, color, chipped, connected, noticed, sum(d),
    sum(d * chips), coalesce(sum(d * length), 0)
  FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  HAVING sum(d) <> 0 OR sum(d * chips) <> 0 OR coalesce(sum(d * length), 0) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, chipped, connected, noticed)
  DO UPDATE SET n = k.n + excluded.n, chips = k.chips + excluded.chips, length = k.length + excluded.length
$$;
--> statement-breakpoint
DROP TABLE "project_counts";
--> statement-breakpoint
-- Recomputes the rows of the events given from report_items and events. The events' rows are locked
-- first, in id order: two transactions refreshing one event, or one refreshing it while another moves
-- the event to another rig, project or date (an UPDATE takes the same lock), run one after the other.
-- The read comes after the lock in its own statement, which under READ COMMITTED takes a new snapshot:
-- it sees what the transaction waited for committed, so the last writer's row is computed from both.
CREATE FUNCTION project_events_refresh(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM events WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  WITH counts AS (
    SELECT r.event_id, r.owner_id, r.color, count(*)::int AS n
    FROM report_items r WHERE r.event_id = ANY(ids) AND NOT r.hidden GROUP BY 1, 2, 3
  ), fresh AS (
    SELECT ev.id AS event_id, ev.rig_id, ev.project_id, ev.event_date,
      array_agg(DISTINCT k.owner_id ORDER BY k.owner_id) AS owners,
      jsonb_agg(jsonb_build_object('owner_id', k.owner_id, 'color', k.color, 'n', k.n) ORDER BY k.owner_id, k.color) AS items
    FROM counts k JOIN events ev ON ev.id = k.event_id
    WHERE ev.id = ANY(ids) -- an index probe per event, not a hash of all events (plpgsql's generic plan)
    GROUP BY ev.id
  ), gone AS (
    DELETE FROM project_events p WHERE p.event_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.event_id = p.event_id)
  )
  INSERT INTO project_events AS p (event_id, rig_id, project_id, event_date, owners, items)
  SELECT * FROM fresh ORDER BY event_id
  ON CONFLICT (event_id) DO UPDATE SET rig_id = excluded.rig_id, project_id = excluded.project_id,
    event_date = excluded.event_date, owners = excluded.owners, items = excluded.items
  WHERE (p.rig_id, p.project_id, p.event_date, p.owners, p.items)
    IS DISTINCT FROM (excluded.rig_id, excluded.project_id, excluded.event_date, excluded.owners, excluded.items);
END $$;
--> statement-breakpoint
-- project_events' rows with +1 / -1: the owner set's event and the items per owner and colour (upserts
-- in key order; rows reaching 0 stay, as in list_counts).
CREATE FUNCTION project_roll_ups_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(delta) AS x(rig_id int, project_id int, owners int[], items jsonb, d int)
  ), sets AS (
    INSERT INTO project_event_sets AS k (rig_id, project_id, owners, n)
    SELECT rig_id, project_id, owners, sum(d) FROM d GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (rig_id, project_id, owners) DO UPDATE SET n = k.n + excluded.n
  )
  INSERT INTO project_items AS k (rig_id, project_id, owner_id, color, n)
  SELECT d.rig_id, d.project_id, i.owner_id, i.color, sum(d.d * i.n)
  FROM d CROSS JOIN LATERAL jsonb_to_recordset(d.items) AS i(owner_id int, color text, n int)
  GROUP BY 1, 2, 3, 4 HAVING sum(d.d * i.n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (rig_id, project_id, owner_id, color) DO UPDATE SET n = k.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION project_roll_ups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM project_roll_ups_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": 1}') FROM new_rows r), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_roll_ups_add(coalesce((SELECT jsonb_agg(to_jsonb(r) || '{"d": -1}') FROM old_rows r), '[]'));
  ELSE
    PERFORM project_roll_ups_add(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT to_jsonb(r) || '{"d": 1}' AS x FROM new_rows r UNION ALL SELECT to_jsonb(r) || '{"d": -1}' FROM old_rows r) u), '[]'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- report_items: the latest events of the rows whose event, owner, active flag or colour changed (a
-- hidden item counts nowhere, so a change between two hidden rows touches nothing).
CREATE FUNCTION project_events_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM project_events_refresh(array(SELECT DISTINCT event_id FROM new_rows WHERE event_id IS NOT NULL AND NOT hidden));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_events_refresh(array(SELECT DISTINCT event_id FROM old_rows WHERE event_id IS NOT NULL AND NOT hidden));
  ELSE
    -- Through EXECUTE: a join of the two transition tables is planned per firing (decision 054).
    EXECUTE $q$SELECT project_events_refresh(array(
      SELECT DISTINCT id FROM (
        SELECT unnest(array[n.event_id, o.event_id]) AS id FROM new_rows n JOIN old_rows o ON o.equipment_id = n.equipment_id
        WHERE (n.event_id, n.owner_id, n.hidden, n.color) IS DISTINCT FROM (o.event_id, o.owner_id, o.hidden, o.color)
          AND NOT (n.hidden AND o.hidden)) u
      WHERE id IS NOT NULL))$q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- events: a move to another rig or project, or a new date (a deleted event's items leave it through
-- their latest status, which the cascade deletes).
CREATE FUNCTION project_events_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT project_events_refresh(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.rig_id, n.project_id, n.event_date) IS DISTINCT FROM (o.rig_id, o.project_id, o.event_date)))$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The fill, before project_events' triggers exist: the events, then the roll-ups.
SELECT project_events_refresh(array(SELECT DISTINCT event_id FROM report_items WHERE event_id IS NOT NULL AND NOT hidden));
--> statement-breakpoint
INSERT INTO project_event_sets (rig_id, project_id, owners, n)
SELECT rig_id, project_id, owners, count(*) FROM project_events GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO project_items (rig_id, project_id, owner_id, color, n)
SELECT p.rig_id, p.project_id, i.owner_id, i.color, sum(i.n)
FROM project_events p CROSS JOIN LATERAL jsonb_to_recordset(p.items) AS i(owner_id int, color text, n int) GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER project_roll_ups_insert AFTER INSERT ON project_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_roll_ups_apply();
--> statement-breakpoint
CREATE TRIGGER project_roll_ups_update AFTER UPDATE ON project_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_roll_ups_apply();
--> statement-breakpoint
CREATE TRIGGER project_roll_ups_delete AFTER DELETE ON project_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_roll_ups_apply();
--> statement-breakpoint
CREATE TRIGGER project_events_insert AFTER INSERT ON report_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_events_from_items();
--> statement-breakpoint
CREATE TRIGGER project_events_update AFTER UPDATE ON report_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_events_from_items();
--> statement-breakpoint
CREATE TRIGGER project_events_delete AFTER DELETE ON report_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_events_from_items();
--> statement-breakpoint
CREATE TRIGGER project_events_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_events_from_events();
--> statement-breakpoint
ANALYZE report_items, project_events, project_event_sets, project_items;
