-- Derived table: event_item_counts
-- Sources: event_items, events
-- Watches: event_items (inserts, deletes; event_id), events (deletes).
-- Readers: the events list's item counts (features/events/list-query.ts), the event header and its
--   item pages (features/events/detail-queries.ts, chip-page.ts, queries.ts).
-- Invariant: per event, the number of its event items.
-- Empty rows: n = 0
--
-- Decision 038. No foreign key to events: deleting an event deletes its items in cascade, whose
-- trigger must not race a cascade on this table; the events' delete trigger removes the row.

CREATE FUNCTION event_item_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An event's items leaving only subtract from a row that exists (an event deleted in the same
  -- statement has none any more).
  EXECUTE format($q$
    WITH c AS (SELECT event_id, sum(d) AS d FROM (%s) c GROUP BY event_id HAVING sum(d) <> 0),
    fewer AS (UPDATE event_item_counts k SET n = k.n + c.d FROM c WHERE c.d < 0 AND k.event_id = c.event_id)
    INSERT INTO event_item_counts AS k (event_id, n) SELECT event_id, d FROM c WHERE d > 0 ORDER BY event_id
    ON CONFLICT (event_id) DO UPDATE SET n = k.n + excluded.n$q$,
    derived_changes(TG_OP, 'event_id'));
  RETURN NULL;
END $$;

CREATE FUNCTION event_item_counts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_item_counts c USING old_rows o WHERE c.event_id = o.id;
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'event_item_counts', 'event_item_counts_apply');
SELECT derived_triggers('events', 'event_item_counts_event', 'event_item_counts_forget', '{delete}');

-- Rebuild:
SELECT event_id, count(*)::int AS n FROM event_items GROUP BY event_id
