-- Derived table: project_events
-- Sources: report_items, events
-- Watches: report_items (inserts, deletes; event_id, owner_id, hidden, meaning), events (rig_id,
--   project_id, event_date).
-- Readers: project_event_sets and project_items (their triggers); the projects report's first and
--   last dates (features/reports/totals-queries.ts, shape.ts).
-- Invariant: one row per event that is the latest of at least one active linked item: its rig,
--   project and date, the owners of those items, and their number per owner and latest inspection's meaning.
--
-- Decision 057: the projects report's event count is of distinct events over the caller's owners, so
-- per-owner sums cannot give it.

-- The rows of the events given.
CREATE FUNCTION project_events_rows(ids int[])
RETURNS TABLE (event_id int, rig_id int, project_id int, event_date date, owners int[], items jsonb)
LANGUAGE sql STABLE AS $$
  WITH counts AS (
    SELECT r.event_id, r.owner_id, r.meaning, count(*)::int AS n
    FROM report_items r WHERE (ids IS NULL OR r.event_id = ANY(ids)) AND NOT r.hidden GROUP BY 1, 2, 3
  )
  SELECT ev.id, ev.rig_id, ev.project_id, ev.event_date,
    array_agg(DISTINCT k.owner_id ORDER BY k.owner_id),
    jsonb_agg(jsonb_build_object('owner_id', k.owner_id, 'meaning', k.meaning, 'n', k.n) ORDER BY k.owner_id, k.meaning)
  FROM counts k JOIN events ev ON ev.id = k.event_id
  WHERE ids IS NULL OR ev.id = ANY(ids) -- an index probe per event, not a hash of all events
  GROUP BY ev.id
$$;

-- The events' rows are locked first, in id order: two transactions refreshing one event, or one
-- refreshing it while another moves the event to another rig, project or date (an UPDATE takes the
-- same lock), run one after the other. The refresh comes after the lock in its own statement, which
-- under READ COMMITTED takes a new snapshot: it sees what the transaction waited for committed, so
-- the last writer's row is computed from both.
CREATE FUNCTION project_events_refresh(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM events WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM derived_refresh('project_events', ids);
END $$;

-- report_items: the latest events of rows whose event, owner, active flag or meaning changed (a
-- hidden item counts nowhere, so a change between two hidden rows touches nothing).
CREATE FUNCTION project_events_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT project_events_refresh(array(
    SELECT DISTINCT event_id FROM (%s) c WHERE event_id IS NOT NULL AND NOT hidden))$q$,
    derived_changes(TG_OP, 'event_id, owner_id, hidden, meaning'));
  RETURN NULL;
END $$;

-- events: a move to another rig or project, or a new date (a deleted event's items leave it through
-- their latest status, which the cascade deletes).
CREATE FUNCTION project_events_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT project_events_refresh(array(SELECT DISTINCT id FROM (%s) c))$q$,
    derived_changes(TG_OP, 'id, rig_id, project_id, event_date'));
  RETURN NULL;
END $$;

SELECT derived_triggers('report_items', 'project_events', 'project_events_from_items');
SELECT derived_triggers('events', 'project_events', 'project_events_from_events', '{update}');

-- Rebuild:
SELECT * FROM project_events_rows(NULL)
