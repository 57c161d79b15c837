-- Derived table: event_item_colors
-- Sources: event_items, report_items
-- Watches: event_items (inserts, deletes; event_id, equipment_id, status_id), report_items (inserts,
--   deletes; owner_id).
-- Readers: the activity report (features/reports/totals-queries.ts).
-- Invariant: per event, item owner and status (0 for none), the number of event items of linked items.
-- Empty rows: n = 0
--
-- Decision 053. An event item counts under its item's owner in report_items: event_items' trigger
-- adds its rows' changes joined to report_items, and report_items' trigger moves the event items of
-- items that appear, disappear or change owner. Event items cannot outlive their item (the foreign
-- key restricts), so either order of the two triggers counts each row once. Upserts in key order;
-- rows reaching 0 stay.

CREATE FUNCTION event_item_colors_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO event_item_colors AS k (event_id, owner_id, status_id, n)
    SELECT c.event_id, r.owner_id, coalesce(c.status_id, 0), sum(c.d)
    FROM (%s) c JOIN report_items r ON r.equipment_id = c.equipment_id
    GROUP BY 1, 2, 3 HAVING sum(c.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (event_id, owner_id, status_id) DO UPDATE SET n = k.n + excluded.n$q$,
    derived_changes(TG_OP, 'event_id, equipment_id, status_id'));
  RETURN NULL;
END $$;

-- An item's event items, under its old owner (-1) and its new one (+1).
CREATE FUNCTION event_item_colors_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO event_item_colors AS k (event_id, owner_id, status_id, n)
    SELECT i.event_id, c.owner_id, coalesce(i.status_id, 0), sum(c.d)
    FROM (%s) c JOIN event_items i ON i.equipment_id = c.equipment_id
    GROUP BY 1, 2, 3 HAVING sum(c.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (event_id, owner_id, status_id) DO UPDATE SET n = k.n + excluded.n$q$,
    derived_changes(TG_OP, 'equipment_id, owner_id'));
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'event_item_colors', 'event_item_colors_apply');
SELECT derived_triggers('report_items', 'event_item_colors', 'event_item_colors_from_items');

-- Rebuild:
SELECT i.event_id, r.owner_id, coalesce(i.status_id, 0) AS status_id, count(*)::int AS n
FROM event_items i JOIN report_items r ON r.equipment_id = i.equipment_id GROUP BY 1, 2, 3
