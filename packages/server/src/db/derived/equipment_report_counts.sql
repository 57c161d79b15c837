-- Derived table: equipment_report_counts
-- Sources: report_items
-- Watches: report_items (all columns but equipment_id and stamped_id).
-- Readers: the item reports' totals and their shape (features/reports/item-queries.ts, shape.ts).
-- Invariant: per report key (owner, catalogue node, active, inspected, latest inspection's meaning, chipped, connected,
--   noticed), the number of linked items, their chips and their total length.
-- Empty rows: n = 0 AND chips = 0 AND length = 0
--
-- Decisions 046 and 049: an item report's total is a sum over the keys its filters select. Upserts
-- in key order; rows reaching 0 stay.

CREATE FUNCTION equipment_report_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO equipment_report_counts AS k
      (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, meaning, chipped, connected, noticed, n, chips, length)
    SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, meaning, chipped, connected, noticed, sum(d),
      sum(d * chips), coalesce(sum(d * length), 0)
    FROM (%s) c GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    HAVING sum(d) <> 0 OR sum(d * chips) <> 0 OR coalesce(sum(d * length), 0) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, meaning, chipped, connected, noticed)
    DO UPDATE SET n = k.n + excluded.n, chips = k.chips + excluded.chips, length = k.length + excluded.length$q$,
    derived_changes(TG_OP, 'owner_id, type_id, sub_type_id, dimension_id, hidden, meaning <> '''' AS inspected, meaning,
      chipped, connected, noticed, chips, length'));
  RETURN NULL;
END $$;

SELECT derived_triggers('report_items', 'equipment_report_counts', 'equipment_report_counts_apply');

-- Rebuild:
SELECT owner_id, type_id, sub_type_id, dimension_id, hidden, meaning <> '' AS inspected, meaning, chipped, connected, noticed,
  count(*)::int AS n, sum(chips)::int AS chips, coalesce(sum(length), 0) AS length
FROM report_items GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
