-- Derived table: report_totals
-- Sources: report_items
-- Watches: report_items (owner_id, type_id, sub_type_id, dimension_id, meaning, hidden, chipped,
--   connected, noticed, event_id, chips).
-- Readers: key info, the equipment totals and the general report's count
--   (features/reports/totals-queries.ts, general-queries.ts).
-- Invariant: per owner, catalogue node and latest inspection's meaning, the number of linked items, of active ones, of
--   active chipped ones, of connected, noticed and inspected ones, and their chips.
-- Empty rows: (n, active, active_chipped, connected, noticed, inspected, chips) = (0, 0, 0, 0, 0, 0, 0)
--
-- Decision 053: roll-ups the aggregate reports read instead of thousands of count rows. Upserts in
-- key order; rows reaching 0 stay.

CREATE FUNCTION report_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO report_totals AS k
      (owner_id, type_id, sub_type_id, dimension_id, meaning, n, active, active_chipped, connected, noticed, inspected, chips)
    SELECT owner_id, type_id, sub_type_id, dimension_id, meaning, sum(d), coalesce(sum(d) FILTER (WHERE NOT hidden), 0),
      coalesce(sum(d) FILTER (WHERE NOT hidden AND chipped), 0), coalesce(sum(d) FILTER (WHERE connected), 0),
      coalesce(sum(d) FILTER (WHERE noticed), 0), coalesce(sum(d) FILTER (WHERE inspected), 0), sum(d * chips)
    FROM (%s) c GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, meaning) DO UPDATE SET n = k.n + excluded.n,
      active = k.active + excluded.active, active_chipped = k.active_chipped + excluded.active_chipped,
      connected = k.connected + excluded.connected, noticed = k.noticed + excluded.noticed,
      inspected = k.inspected + excluded.inspected, chips = k.chips + excluded.chips$q$,
    derived_changes(TG_OP, 'owner_id, type_id, sub_type_id, dimension_id, meaning, hidden, chipped, connected, noticed,
      meaning <> '''' AS inspected, chips'));
  RETURN NULL;
END $$;

SELECT derived_triggers('report_items', 'report_totals', 'report_totals_apply');

-- Rebuild:
SELECT owner_id, type_id, sub_type_id, dimension_id, meaning, count(*)::int AS n, count(*) FILTER (WHERE NOT hidden)::int AS active,
  count(*) FILTER (WHERE NOT hidden AND chipped)::int AS active_chipped, count(*) FILTER (WHERE connected)::int AS connected,
  count(*) FILTER (WHERE noticed)::int AS noticed, count(*) FILTER (WHERE meaning <> '')::int AS inspected,
  sum(chips)::int AS chips
FROM report_items GROUP BY 1, 2, 3, 4, 5
