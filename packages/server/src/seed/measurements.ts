/**
 * Measurements of the scale set (issue 28 part 6): each chain item's last three inspections record
 * grip diameters that fall over the years, so the wear trends (db/derived/equipment_wear.sql) and the
 * predicted-discard report are measured on real rows. Per item a loss at the first of the three (1-8 %
 * of the nominal) and a rate (0.3-2 % a year); the second grip loses four fifths as much; read to
 * 0.1 mm. The chain template's other required fields are filled (no crack, no gouges, a tight stud).
 */
import type pg from 'pg';
import { rnd } from './scale-sql.ts';

const loss = `(0.01 + 0.07 * ${rnd('equipment_id', 61)} + (0.003 + 0.017 * ${rnd('equipment_id', 62)}) * (event_date - first_date) / 365.25)`;

/** Writes the measurements into the new items' event items (`sc_eq`); answers how many. */
export async function fillMeasurements(client: pg.PoolClient): Promise<number> {
  const r = await client.query(`
    with chain as (
      select q.id as equipment_id, d.nominal_size::float8 as nominal, v.id as version_id,
        v.definition->'fields' @> '[{"key": "stud"}]' as studs
      from sc_eq s
      join equipment q on q.id = s.id
      join certificates c on c.id = q.certificate_id
      join certificate_types ct on ct.id = c.type_id and lower(ct.name) = 'chain'
      join dimensions d on d.id = c.dimension_id and d.nominal_unit = 'mm' and d.nominal_size > 0
      left join measurement_templates ms on ms.certificate_type_id = c.type_id and ms.sub_type_id = c.sub_type_id
      left join measurement_templates mt on mt.certificate_type_id = c.type_id and mt.sub_type_id is null
      join measurement_template_versions v on v.id = coalesce(ms.current_version_id, mt.current_version_id)
    ),
    ranked as (
      select ei.id as event_item_id, ch.*, e.event_date,
        row_number() over (partition by ch.equipment_id order by e.event_date desc, ei.id desc) as k
      from chain ch join event_items ei on ei.equipment_id = ch.equipment_id join events e on e.id = ei.event_id
    ),
    picked as (select p.*, min(p.event_date) over (partition by p.equipment_id) as first_date from ranked p where p.k <= 3),
    grip as (
      select event_item_id, version_id, studs,
        round((nominal * (1 - ${loss}))::numeric, 1) as g1, round((nominal * (1 - 0.8 * ${loss}))::numeric, 1) as g2
      from picked
    )
    update event_items ei set measurement_version_id = g.version_id, measurements = jsonb_build_array(
        jsonb_build_object('key', 'gripDiameter1', 'value', g.g1), jsonb_build_object('key', 'gripDiameter2', 'value', g.g2),
        jsonb_build_object('key', 'crack', 'value', false), jsonb_build_object('key', 'gougesPits', 'value', 'None'))
        || case when g.studs then jsonb_build_array(jsonb_build_object('key', 'stud', 'value', 'Tight')) else '[]'::jsonb end
    from grip g where ei.id = g.event_item_id`);
  return r.rowCount ?? 0;
}
