-- Derived table: equipment_due_days
-- Sources: equipment_due
-- Watches: equipment_due (inserts, deletes; owner_id, due_date, condemned).
-- Readers: the due list's light counts (features/due-dates/queries.ts).
-- Invariant: per owner and day, the number of items due that day, and of them the condemned ones.
-- Empty rows: n = 0
--
-- Decision 048: a light's count is a sum over days, not a count over items. Upserts in key order,
-- and the days before the months on every write (the triggers' names order them): one lock order
-- for every writer, so concurrent writers cannot deadlock. Rows reaching 0 stay. Decision 096: the
-- condemned count moves the condemned items not yet overdue to red by a sum over the same rows.

CREATE FUNCTION equipment_due_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE derived_count('equipment_due_days', 'owner_id, due_date', TG_OP, 'owner_id, due_date, condemned::int AS condemned', 'condemned');
  RETURN NULL;
END $$;

SELECT derived_triggers('equipment_due', 'equipment_due_days', 'equipment_due_days_apply');

-- Rebuild:
SELECT owner_id, due_date, count(*)::int AS n, count(*) FILTER (WHERE condemned)::int AS condemned FROM equipment_due GROUP BY 1, 2
