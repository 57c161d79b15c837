-- Derived table: report_event_counts
-- Sources: report_items
-- Watches: report_items (owner_id, event_id, hidden).
-- Readers: none since decision 085 (the survey pack's rigs read report_rig_counts); to be dropped.
-- Invariant: per owner, latest event (0 when the item has none) and active, the number of linked items.
-- Empty rows: n = 0
--
-- Decision 079. The rig is read from events when the list is asked for, so moving an event to another
-- rig needs no upkeep here. Upserts in key order; rows reaching 0 stay.

CREATE FUNCTION report_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE derived_count('report_event_counts', 'owner_id, event_id, hidden', TG_OP,
    'owner_id, coalesce(event_id, 0) AS event_id, hidden');
  RETURN NULL;
END $$;

SELECT derived_triggers('report_items', 'report_event_counts', 'report_event_counts_apply');

-- Rebuild:
SELECT owner_id, coalesce(event_id, 0) AS event_id, hidden, count(*)::int AS n FROM report_items GROUP BY 1, 2, 3
