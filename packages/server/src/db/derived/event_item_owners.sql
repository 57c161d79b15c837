-- Derived table: event_item_owners
-- Sources: event_item_colors, events
-- Watches: event_item_colors (all writes; event_id, owner_id, n), events (event_date).
-- Readers: activity_days (its triggers).
-- Invariant: per event and item owner, the number of event items of linked items, with the event's
--   date; under owner 0, the same for the event's items of every owner.
-- Empty rows: n = 0
--
-- Decision 097. One row per event and owner, so that whether an event holds an item of an owner is
-- one row's n, and its change one row's change, in whatever order INSERT and UPDATE of an upsert
-- fire their triggers; activity_days counts the rows with n > 0. The date is the event's, kept on the
-- row: the counts move when it changes, and a deleted event's items, removed after the event, still
-- find it (the event is gone then, so the upsert joins it leftwards and changes only n). Upserts in
-- key order; rows reaching 0 stay.

CREATE FUNCTION event_item_owners_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH c AS (%s)
    INSERT INTO event_item_owners AS k (event_id, owner_id, event_date, n)
    SELECT s.event_id, s.owner_id, ev.event_date, s.n
    FROM (
      SELECT event_id, owner_id, sum(n * d) AS n FROM c GROUP BY 1, 2
      UNION ALL
      SELECT event_id, 0, sum(n * d) FROM c GROUP BY 1
    ) s LEFT JOIN events ev ON ev.id = s.event_id
    WHERE s.n <> 0 ORDER BY 1, 2
    ON CONFLICT (event_id, owner_id) DO UPDATE SET n = k.n + excluded.n$q$,
    derived_changes(TG_OP, 'event_id, owner_id, n'));
  RETURN NULL;
END $$;

-- An event's new date, on its rows (in key order).
CREATE FUNCTION event_item_owners_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    WITH moved AS (
      SELECT k.event_id, k.owner_id, n.event_date
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN event_item_owners k ON k.event_id = n.id
      WHERE o.event_date IS DISTINCT FROM n.event_date
      ORDER BY 1, 2 FOR UPDATE OF k
    )
    UPDATE event_item_owners k SET event_date = m.event_date
    FROM moved m WHERE k.event_id = m.event_id AND k.owner_id = m.owner_id$q$;
  RETURN NULL;
END $$;

SELECT derived_triggers('event_item_colors', 'event_item_owners', 'event_item_owners_apply');
SELECT derived_triggers('events', 'event_item_owners_event', 'event_item_owners_from_events', '{update}');

-- Rebuild:
SELECT i.event_id, r.owner_id, ev.event_date, count(*)::int AS n
FROM event_items i JOIN report_items r ON r.equipment_id = i.equipment_id JOIN events ev ON ev.id = i.event_id
GROUP BY 1, 2, 3
UNION ALL
SELECT i.event_id, 0, ev.event_date, count(*)::int
FROM event_items i JOIN report_items r ON r.equipment_id = i.equipment_id JOIN events ev ON ev.id = i.event_id
GROUP BY 1, 3
