-- Derived table: event_counts
-- Sources: events
-- Watches: events (inserts, deletes; type_id, rig_id, created_by).
-- Readers: the events list's total and its authors (features/events/list-query.ts, queries.ts), key
--   info's events (features/reports/totals-queries.ts).
-- Invariant: per event type, rig and author ('' for none), the number of events.
-- Empty rows: n = 0
--
-- Decision 038: the events list sums the groups its three filters select. Upserts in key order; rows
-- reaching 0 stay.

CREATE FUNCTION event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE derived_count('event_counts', 'type_id, rig_id, created_by', TG_OP,
    'type_id, rig_id, coalesce(created_by, '''') AS created_by');
  RETURN NULL;
END $$;

SELECT derived_triggers('events', 'event_counts', 'event_counts_apply');

-- Rebuild:
SELECT type_id, rig_id, coalesce(created_by, '') AS created_by, count(*)::int AS n FROM events GROUP BY 1, 2, 3
