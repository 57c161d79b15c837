-- Derived table: project_event_sets
-- Sources: project_events
-- Watches: project_events (inserts, deletes; rig_id, project_id, owners).
-- Readers: the projects report's event counts (features/reports/totals-queries.ts, shape.ts).
-- Invariant: per rig, project and owner set, the number of project_events rows.
-- Empty rows: n = 0
--
-- Decision 057: the report sums the sets that meet the caller's owners. Upserts in key order; rows
-- reaching 0 stay.

CREATE FUNCTION project_event_sets_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE derived_count('project_event_sets', 'rig_id, project_id, owners', TG_OP);
  RETURN NULL;
END $$;

SELECT derived_triggers('project_events', 'project_event_sets', 'project_event_sets_apply');

-- Rebuild:
SELECT rig_id, project_id, owners, count(*)::int AS n FROM project_events GROUP BY 1, 2, 3
