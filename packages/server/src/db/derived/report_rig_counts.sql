-- Derived table: report_rig_counts
-- Sources: project_events
-- Watches: project_events (inserts, deletes; rig_id, items).
-- Readers: the survey pack's rigs (features/exports/survey-pack-queries.ts selectPackRigs).
-- Invariant: per owner and rig, the number of active linked items whose latest event is on that rig.
-- Empty rows: n = 0
--
-- Decision 085. project_events already follows every change that moves an item between rigs (its
-- latest event, owner or hidden flag through report_items; an event moved to another rig or deleted
-- through events and the cascade), one row per event: summing its items per owner and rig here costs
-- a few rows per event a statement touches, whatever the number of items. Upserts in key order; rows
-- reaching 0 stay.

CREATE FUNCTION report_rig_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO report_rig_counts AS k (owner_id, rig_id, n)
    SELECT i.owner_id, c.rig_id, sum(c.d * i.n)
    FROM (%s) c CROSS JOIN LATERAL jsonb_to_recordset(c.items) AS i(owner_id int, n int)
    GROUP BY 1, 2 HAVING sum(c.d * i.n) <> 0 ORDER BY 1, 2
    ON CONFLICT (owner_id, rig_id) DO UPDATE SET n = k.n + excluded.n$q$,
    derived_changes(TG_OP, 'rig_id, items'));
  RETURN NULL;
END $$;

SELECT derived_triggers('project_events', 'report_rig_counts', 'report_rig_counts_apply');

-- Rebuild:
SELECT i.owner_id, p.rig_id, sum(i.n)::int AS n
FROM project_events p CROSS JOIN LATERAL jsonb_to_recordset(p.items) AS i(owner_id int, n int) GROUP BY 1, 2
