/**
 * Measurements of seeded chain items, for the demo data and the scale set (issue 28 part 6): each chain
 * item's last three inspections record grip diameters that fall over the years, so the wear trends
 * (db/derived/equipment_wear.sql), the item's wear card and the predicted-discard report have real rows.
 *
 * The loss of the smaller grip diameter lies inside what the event item's status means by the chain
 * template's criteria (features/measurements/demo.ts: fit up to 4 %, monitor over 4 %, condemned from
 * 12 %), so the criteria propose the very status the inspector gave: per item a loss at its latest
 * reading within that band and a rate (0.5-2.5 % of the nominal a year) back to the earlier ones, not
 * below the band. The second grip loses four fifths as much; read to 0.1 mm.
 * Measured are an item's last three inspections (at most) whose status has the meaning of its latest
 * one, each at least 90 days before the next one measured (a reading's 0.1 mm between two inspections
 * a few days apart would be a steep line), so that no line jumps between bands; and only those
 * whose status is the one the criteria would propose for its meaning (the type's default status of
 * that meaning, else its first): not inspected, or another status of the same meaning (Repaired,
 * Marine growth), would need a reason for disagreeing. An item gets readings in series, two or three,
 * or none: every measured item has a trend, and the others none at all.
 * The chain template's other required fields are filled (no crack, no gouges, a tight stud).
 */
import { rnd } from './scale-sql.ts';

/** Where the item's latest reading lies within its meaning's band, and its floor (a rounding away from the edge). */
const latest = `case meaning when 'fit' then 0.01 + 0.028 * ${rnd('equipment_id', 61)} when 'monitor' then 0.06 + 0.055 * ${rnd('equipment_id', 61)}
  else 0.124 + 0.03 * ${rnd('equipment_id', 61)} end`;
const floor = `case meaning when 'fit' then 0.002 when 'monitor' then 0.043 else 0.124 end`;
/** The loss at a reading: the latest's, less the item's rate (0.5-2.5 % a year) for each year before it, not below the floor. */
const loss = `greatest(${floor}, ${latest} - (0.005 + 0.02 * ${rnd('equipment_id', 62)}) * (last_date - event_date) / 365.25)`;

/** The statement that writes the measurements of the chain items whose ids `items` (a select of one column) gives. */
export function chainReadingsSql(items: string): string {
  return `
    with chain as (
      select q.id as equipment_id, d.nominal_size::float8 as nominal, v.id as version_id,
        v.definition->'fields' @> '[{"key": "stud"}]' as studs
      from (${items}) s(id)
      join equipment q on q.id = s.id
      join certificates c on c.id = q.certificate_id
      join certificate_types ct on ct.id = c.type_id and lower(ct.name) = 'chain'
      join dimensions d on d.id = c.dimension_id and d.nominal_unit = 'mm' and d.nominal_size > 0
      left join measurement_templates ms on ms.certificate_type_id = c.type_id and ms.sub_type_id = c.sub_type_id
      left join measurement_templates mt on mt.certificate_type_id = c.type_id and mt.sub_type_id is null
      join measurement_template_versions v on v.id = coalesce(ms.current_version_id, mt.current_version_id)
    ),
    proposed as (
      select distinct on (parent_id, meaning) id, meaning from folders
      where kind = 'status' and enabled and meaning in ('fit', 'monitor', 'condemned')
      order by parent_id, meaning, is_default desc, sort_order, lower(name), id
    ),
    judged as (
      select ei.id as event_item_id, ch.*, e.event_date, p.meaning,
        first_value(p.meaning) over (partition by ch.equipment_id order by e.event_date desc, ei.id desc) as latest
      from chain ch
      join event_items ei on ei.equipment_id = ch.equipment_id
      join events e on e.id = ei.event_id
      join proposed p on p.id = ei.status_id
    ),
    spaced as (
      select j.*, lag(j.event_date) over (partition by j.equipment_id order by j.event_date desc, j.event_item_id desc) as newer
      from judged j where j.meaning = j.latest
    ),
    ranked as (
      select p.*, row_number() over (partition by p.equipment_id order by p.event_date desc, p.event_item_id desc) as k
      from spaced p where p.newer is null or p.newer - p.event_date >= 90
    ),
    picked as (
      select p.*, max(p.event_date) over (partition by p.equipment_id) as last_date, count(*) over (partition by p.equipment_id) as n
      from ranked p where p.k <= 3
    ),
    grip as (
      select event_item_id, version_id, studs,
        round((nominal * (1 - ${loss}))::numeric, 1) as g1, round((nominal * (1 - 0.8 * ${loss}))::numeric, 1) as g2
      from picked where n >= 2
    )
    update event_items ei set measurement_version_id = g.version_id, proposed_status_id = ei.status_id, measurements = jsonb_build_array(
        jsonb_build_object('key', 'gripDiameter1', 'value', g.g1), jsonb_build_object('key', 'gripDiameter2', 'value', g.g2),
        jsonb_build_object('key', 'crack', 'value', false), jsonb_build_object('key', 'gougesPits', 'value', 'None'))
        || case when g.studs then jsonb_build_array(jsonb_build_object('key', 'stud', 'value', 'Tight')) else '[]'::jsonb end
    from grip g where ei.id = g.event_item_id`;
}
