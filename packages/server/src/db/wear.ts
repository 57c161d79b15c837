/**
 * An item's wear trend (issue 28 part 5, docs/measurements.md "Wear trends"): the measured inspections
 * of the item and its current template, judged by the contract's `wearTrend`. Shared by the equipment
 * page and, later, the predicted-discard report. An external viewer's trend leaves out what was
 * recorded while the item was another owner's (docs/security.md rule 28), as its event history does.
 */
import { type EquipmentWear, type Measurement, type NominalUnit, type TemplateDefinition, wearTrend } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../auth/scope.ts';
import type { Executor } from './client.ts';
import { recordedForAnotherOwner } from './equipment-scope.ts';
import { inOwnerScope } from './scope.ts';

export async function selectWear(db: Executor, equipmentId: number, scope: OwnerScope): Promise<EquipmentWear | null> {
  // The sub-type's override, else the type's template, and the nominal size: nothing to trend without one.
  const { rows: templates } = await db.execute<{
    definition: TemplateDefinition;
    nominalSize: string | number | null;
    nominalUnit: NominalUnit | null;
  }>(sql`
    select v.definition, d.nominal_size as "nominalSize", d.nominal_unit as "nominalUnit"
    from equipment q
    join certificates c on c.id = q.certificate_id
    left join dimensions d on d.id = c.dimension_id
    left join measurement_templates ms on ms.certificate_type_id = c.type_id and ms.sub_type_id = c.sub_type_id
    left join measurement_templates mt on mt.certificate_type_id = c.type_id and mt.sub_type_id is null
    join measurement_template_versions v on v.id = coalesce(ms.current_version_id, mt.current_version_id)
    where q.id = ${equipmentId}`);
  const template = templates[0];
  if (!template) return null;
  const { rows: inspections } = await db.execute<{ date: string; measurements: Measurement[] }>(sql`
    select ev.event_date::text as date, i.measurements
    from event_items i
    join events ev on ev.id = i.event_id
    where i.equipment_id = ${equipmentId} and i.measurements <> '[]'::jsonb
      and not ${recordedForAnotherOwner(inOwnerScope(sql`hc.owner_id`, scope), sql`i`)}
    order by ev.event_date, i.id`);
  const nominal = {
    nominalSize: template.nominalSize === null ? null : Number(template.nominalSize),
    nominalUnit: template.nominalUnit,
  };
  const trend = wearTrend(template.definition, inspections, nominal);
  return trend && trend.ratePerYear !== null ? trend : null;
}
