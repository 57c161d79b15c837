-- Derived table: equipment_wear
-- Sources: event_items, events, equipment, certificates, dimensions, measurement_templates
-- Watches: event_items (equipment_id, event_id, measurements: rows with measurements only), events
--   (event_date), equipment (certificate_id, hidden), certificates (owner_id, type_id, sub_type_id, dimension_id),
--   dimensions (nominal_size, nominal_unit), measurement_templates (current_version_id). Template
--   versions never change (migration 0038), so they need no trigger.
-- Readers: the equipment's wear and the due views' flag (db/wear.ts), the predicted-discard report
--   (features/reports/predicted-discard.ts).
-- Invariant: one row per linked item whose current template (its sub-type's override, else its
--   type's) trends a value and which has at least two measured inspections on two dates: the least
--   squares line of contract trend.ts `wearTrend` over them, as its wear rate per year, condemned
--   limit and predicted discard date (docs/measurements.md "Wear trends", decision 082), with the
--   item's owner and hidden flag for the report's filter.
--
-- The one calculation of the trend on the server: trend.ts is its specification (and draws the web's
-- chart), and wear.test.ts checks both give the same on series of known slope. The measured value is
-- read from event_items.measurements (kept where an amendment writes its corrected values too).

-- The rows of the items given. `skip` leaves event items out: an external viewer's trend without what
-- was recorded for another owner (db/wear.ts, docs/security.md rule 28). Same arithmetic, in the same
-- order, as trend.ts: x in years of 365.25 days since 1970, means first, then the centred sums.
CREATE FUNCTION equipment_wear_rows(ids int[], skip bigint[] DEFAULT NULL)
RETURNS TABLE (equipment_id int, owner_id int, hidden boolean, points int, rate_per_year float8, discard_limit float8, unit text, predicted_discard_date date)
LANGUAGE sql STABLE AS $$
  WITH item AS (
    SELECT q.id, c.owner_id, q.hidden, v.definition AS def, t.trended, d.nominal_size::float8 AS nominal_size, d.nominal_unit,
      -- The value's unit: its first field's.
      (SELECT fd->>'unit' FROM jsonb_array_elements(v.definition->'fields') fd WHERE fd->>'key' = t.trended->'of'->>0 LIMIT 1) AS unit
    FROM equipment q
    JOIN certificates c ON c.id = q.certificate_id
    LEFT JOIN dimensions d ON d.id = c.dimension_id
    LEFT JOIN measurement_templates ms ON ms.certificate_type_id = c.type_id AND ms.sub_type_id = c.sub_type_id
    LEFT JOIN measurement_templates mt ON mt.certificate_type_id = c.type_id AND mt.sub_type_id IS NULL
    JOIN measurement_template_versions v ON v.id = coalesce(ms.current_version_id, mt.current_version_id)
    -- trendedValue: the template's first loss against the nominal size.
    CROSS JOIN LATERAL (SELECT x.value AS trended FROM jsonb_array_elements(v.definition->'derived') WITH ORDINALITY x(value, n)
      WHERE x.value->>'kind' = 'lossPercentOfNominal' ORDER BY x.n LIMIT 1) t
    WHERE (ids IS NULL OR q.id = ANY(ids))
      AND EXISTS (SELECT 1 FROM event_items ei WHERE ei.equipment_id = q.id AND ei.measurements <> '[]'::jsonb)
  ),
  -- Each inspection with every field of the trended value as a number: the smallest of them.
  point AS (
    SELECT i.id, ei.id AS event_item_id, e.event_date, (e.event_date - date '1970-01-01')::float8 / 365.25 AS x, m.y
    FROM item i
    JOIN event_items ei ON ei.equipment_id = i.id AND ei.measurements <> '[]'::jsonb AND (skip IS NULL OR ei.id <> ALL(skip))
    JOIN events e ON e.id = ei.event_id
    CROSS JOIN LATERAL (
      SELECT min(f.value::float8) AS y
      FROM jsonb_array_elements_text(i.trended->'of') k(key)
      LEFT JOIN LATERAL (SELECT m->'value' AS value FROM jsonb_array_elements(ei.measurements) WITH ORDINALITY o(m, n)
        WHERE m->>'key' = k.key ORDER BY o.n LIMIT 1) f ON true
      HAVING bool_and(jsonb_typeof(f.value) IS NOT DISTINCT FROM 'number')
    ) m
  ),
  mean AS (
    SELECT p.id, count(*)::int AS n, sum(p.x ORDER BY p.event_date, p.event_item_id) / count(*) AS mx,
      sum(p.y ORDER BY p.event_date, p.event_item_id) / count(*) AS my, max(p.x) AS last_x
    FROM point p GROUP BY p.id HAVING count(*) >= 2
  ),
  line AS (
    SELECT a.id, a.n, a.mx, a.my, a.last_x,
      sum((p.x - a.mx) * (p.x - a.mx) ORDER BY p.event_date, p.event_item_id) AS sxx,
      sum((p.x - a.mx) * (p.y - a.my) ORDER BY p.event_date, p.event_item_id) AS sxy
    FROM mean a JOIN point p ON p.id = a.id
    GROUP BY a.id, a.n, a.mx, a.my, a.last_x
  ),
  fitted AS (
    SELECT l.id, l.n, l.sxy / l.sxx AS slope, l.my - (l.sxy / l.sxx) * l.mx AS intercept, l.last_x
    FROM line l WHERE l.sxx <> 0
  ),
  -- The condemned limit: nominal (in the first field's unit) less the % of each condemning criterion
  -- on the loss with >= or >; of several, the largest diameter. Rounded to 6 decimals as trend.ts does.
  limits AS (
    SELECT i.id, floor(max(s.size * (1 - (c->>'limit')::float8 / 100)) * 1e6 + 0.5) / 1e6 AS discard_limit
    FROM item i
    CROSS JOIN LATERAL (SELECT CASE
        WHEN NOT (i.nominal_size > 0) THEN NULL
        WHEN i.nominal_unit = i.unit THEN i.nominal_size
        WHEN i.nominal_unit = 'in' AND i.unit = 'mm' THEN i.nominal_size * 25.4
        WHEN i.nominal_unit = 'mm' AND i.unit = 'in' THEN i.nominal_size / 25.4
      END AS size) s
    CROSS JOIN LATERAL jsonb_array_elements(i.def->'criteria') c
    WHERE s.size IS NOT NULL AND c->>'subject' = i.trended->>'key' AND c->>'meaning' = 'condemned' AND c->>'op' IN ('>=', '>')
    GROUP BY i.id
  )
  SELECT f.id, i.owner_id, i.hidden, f.n, floor(-f.slope * 1e6 + 0.5) / 1e6, l.discard_limit, i.unit,
    CASE WHEN l.discard_limit IS NOT NULL AND f.slope < 0
      AND (l.discard_limit - f.intercept) / f.slope - f.last_x <= 100
      THEN date '1970-01-01' + floor((l.discard_limit - f.intercept) / f.slope * 365.25 + 0.5)::int END
  FROM fitted f JOIN item i ON i.id = f.id LEFT JOIN limits l ON l.id = f.id
$$;

-- Measured event items written, moved or cleared: their items, before and after.
CREATE FUNCTION equipment_wear_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_wear', array(
    SELECT DISTINCT equipment_id FROM (%s) c WHERE c.measurements <> '[]'::jsonb))$q$,
    derived_changes(TG_OP, 'equipment_id, event_id, measurements'));
  RETURN NULL;
END $$;

-- An event's new date moves its measured items' points.
CREATE FUNCTION equipment_wear_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_wear', array(
    SELECT DISTINCT ei.equipment_id FROM (%s) c JOIN event_items ei ON ei.event_id = c.id
    WHERE ei.measurements <> '[]'::jsonb))$q$,
    derived_changes(TG_OP, 'id, event_date'));
  RETURN NULL;
END $$;

-- An item moved to another certificate (or unlinked) can get another template and nominal size; hidden
-- leaves the report.
CREATE FUNCTION equipment_wear_from_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$SELECT derived_refresh('equipment_wear', array(SELECT DISTINCT id FROM (%s) c))$q$,
    derived_changes(TG_OP, 'id, certificate_id, hidden'));
  RETURN NULL;
END $$;

-- The measured items of the certificates (by id, by dimension or by type) a change touched.
CREATE FUNCTION equipment_wear_of_certificates(cond text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$SELECT derived_refresh('equipment_wear', array(
    SELECT q.id FROM equipment q JOIN certificates ct ON ct.id = q.certificate_id
    WHERE %s AND EXISTS (SELECT 1 FROM event_items ei WHERE ei.equipment_id = q.id AND ei.measurements <> '[]'::jsonb)
    ORDER BY q.id))$q$, cond)
$$;

CREATE FUNCTION equipment_wear_from_certificates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(equipment_wear_of_certificates('ct.id IN (SELECT id FROM (%s) c)'),
    derived_changes(TG_OP, 'id, owner_id, type_id, sub_type_id, dimension_id'));
  RETURN NULL;
END $$;

CREATE FUNCTION equipment_wear_from_dimensions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(equipment_wear_of_certificates('ct.dimension_id IN (SELECT id FROM (%s) c)'),
    derived_changes(TG_OP, 'id, nominal_size, nominal_unit'));
  RETURN NULL;
END $$;

-- A template saved, removed or added as an override: every measured item of its type.
CREATE FUNCTION equipment_wear_from_templates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(equipment_wear_of_certificates('ct.type_id IN (SELECT certificate_type_id FROM (%s) c)'),
    derived_changes(TG_OP, 'certificate_type_id, sub_type_id, current_version_id'));
  RETURN NULL;
END $$;

SELECT derived_triggers('event_items', 'equipment_wear', 'equipment_wear_from_items');
SELECT derived_triggers('events', 'equipment_wear', 'equipment_wear_from_events', '{update}');
SELECT derived_triggers('equipment', 'equipment_wear', 'equipment_wear_from_equipment', '{update}');
SELECT derived_triggers('certificates', 'equipment_wear', 'equipment_wear_from_certificates', '{update}');
SELECT derived_triggers('dimensions', 'equipment_wear', 'equipment_wear_from_dimensions', '{update}');
SELECT derived_triggers('measurement_templates', 'equipment_wear', 'equipment_wear_from_templates');

-- Rebuild:
SELECT * FROM equipment_wear_rows(NULL)
