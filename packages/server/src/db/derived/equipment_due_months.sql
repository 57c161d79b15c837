-- Derived table: equipment_due_months
-- Sources: equipment_due
-- Watches: equipment_due (inserts, deletes; owner_id, due_date, condemned).
-- Readers: the due list's counts of later months (features/due-dates/queries.ts).
-- Invariant: per owner and month (its first day), the number of items due in that month, and of them
--   the condemned ones.
-- Empty rows: n = 0
--
-- Decision 058; kept like equipment_due_days, after it on every write.

CREATE FUNCTION equipment_due_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE derived_count('equipment_due_months', 'owner_id, month', TG_OP,
    'owner_id, date_trunc(''month'', due_date)::date AS month, condemned::int AS condemned', 'condemned');
  RETURN NULL;
END $$;

SELECT derived_triggers('equipment_due', 'equipment_due_months', 'equipment_due_months_apply');

-- Rebuild:
SELECT owner_id, date_trunc('month', due_date)::date AS month, count(*)::int AS n,
  count(*) FILTER (WHERE condemned)::int AS condemned
FROM equipment_due GROUP BY 1, 2
