-- Derived table: activity_days
-- Sources: event_item_owners
-- Watches: event_item_owners (all writes; owner_id, event_date, whether n > 0).
-- Readers: the activity report's count (features/reports/totals-queries.ts).
-- Invariant: per item owner and day, the events of that day holding at least one linked item of that
--   owner; under owner 0, the events of that day holding at least one linked item.
-- Empty rows: n = 0
--
-- Decision 097. The activity report's count sums a period's days, for every owner or for one,
-- instead of probing each event of the period (which grows with the events). A count of the rows of
-- event_item_owners with n > 0: a row that turns 0 counts -1, one that turns positive +1, a new date
-- moves it. Upserts in key order; rows reaching 0 stay.

CREATE FUNCTION activity_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE derived_count('activity_days', 'owner_id, event_date', TG_OP, NULL, NULL, 'n > 0 AND event_date IS NOT NULL');
  RETURN NULL;
END $$;

SELECT derived_triggers('event_item_owners', 'activity_days', 'activity_days_apply');

-- Rebuild:
SELECT x.owner_id, ev.event_date, count(*)::int AS n
FROM (
  SELECT DISTINCT i.event_id, r.owner_id FROM event_items i JOIN report_items r ON r.equipment_id = i.equipment_id
  UNION ALL
  SELECT DISTINCT i.event_id, 0 FROM event_items i JOIN report_items r ON r.equipment_id = i.equipment_id
) x JOIN events ev ON ev.id = x.event_id
GROUP BY 1, 2
