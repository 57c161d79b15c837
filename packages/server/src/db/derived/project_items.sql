-- Derived table: project_items
-- Sources: project_events
-- Watches: project_events (inserts, deletes; rig_id, project_id, items).
-- Readers: the projects report's item counts per meaning (features/reports/totals-queries.ts).
-- Invariant: per rig, project, owner and latest inspection's meaning, the number of active linked items whose latest event
--   is in that project.
-- Empty rows: n = 0
--
-- Decision 057. Upserts in key order; rows reaching 0 stay.

CREATE FUNCTION project_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO project_items AS k (rig_id, project_id, owner_id, meaning, n)
    SELECT c.rig_id, c.project_id, i.owner_id, i.meaning, sum(c.d * i.n)
    FROM (%s) c CROSS JOIN LATERAL jsonb_to_recordset(c.items) AS i(owner_id int, meaning text, n int)
    GROUP BY 1, 2, 3, 4 HAVING sum(c.d * i.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (rig_id, project_id, owner_id, meaning) DO UPDATE SET n = k.n + excluded.n$q$,
    derived_changes(TG_OP, 'rig_id, project_id, items'));
  RETURN NULL;
END $$;

SELECT derived_triggers('project_events', 'project_items', 'project_items_apply');

-- Rebuild:
SELECT p.rig_id, p.project_id, i.owner_id, i.meaning, sum(i.n)::int AS n
FROM project_events p CROSS JOIN LATERAL jsonb_to_recordset(p.items) AS i(owner_id int, meaning text, n int) GROUP BY 1, 2, 3, 4
