/**
 * Items' wear trends (issue 28 part 5, docs/measurements.md "Wear trends"): the measured inspections
 * of the items and their current templates, judged by the contract's `wearTrend`. Read for one item
 * (the equipment page) or for a page of them (the due badges' flag), in two statements either way. An
 * external viewer's trend leaves out what was recorded while the item was another owner's
 * (docs/security.md rule 28), as its event history does.
 */
import { type EquipmentWear, type Measurement, type NominalUnit, type TemplateDefinition, wearTrend } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../auth/scope.ts';
import type { Executor } from './client.ts';
import { recordedForAnotherOwner } from './equipment-scope.ts';
import { inOwnerScope } from './scope.ts';

/** The trends of the items given, by equipment id; an item without one (no template, fewer than two inspections) is absent. */
export async function selectWears(db: Executor, equipmentIds: readonly number[], scope: OwnerScope): Promise<Map<number, EquipmentWear>> {
  const found = new Map<number, EquipmentWear>();
  if (equipmentIds.length === 0) return found;
  const ids = sql.param([...new Set(equipmentIds)]);
  // The sub-type's override, else the type's template, and the nominal size: nothing to trend without one.
  const { rows: templates } = await db.execute<{
    id: number;
    definition: TemplateDefinition;
    nominalSize: string | number | null;
    nominalUnit: NominalUnit | null;
  }>(sql`
    select q.id, v.definition, d.nominal_size as "nominalSize", d.nominal_unit as "nominalUnit"
    from equipment q
    join certificates c on c.id = q.certificate_id
    left join dimensions d on d.id = c.dimension_id
    left join measurement_templates ms on ms.certificate_type_id = c.type_id and ms.sub_type_id = c.sub_type_id
    left join measurement_templates mt on mt.certificate_type_id = c.type_id and mt.sub_type_id is null
    join measurement_template_versions v on v.id = coalesce(ms.current_version_id, mt.current_version_id)
    where q.id = any(${ids}::int[])`);
  if (templates.length === 0) return found;
  const { rows: inspections } = await db.execute<{ equipmentId: number; date: string; measurements: Measurement[] }>(sql`
    select i.equipment_id as "equipmentId", ev.event_date::text as date, i.measurements
    from event_items i
    join events ev on ev.id = i.event_id
    where i.equipment_id = any(${sql.param(templates.map((row) => row.id))}::int[]) and i.measurements <> '[]'::jsonb
      and not ${recordedForAnotherOwner(inOwnerScope(sql`hc.owner_id`, scope), sql`i`)}
    order by ev.event_date, i.id`);
  for (const template of templates) {
    const nominal = {
      nominalSize: template.nominalSize === null ? null : Number(template.nominalSize),
      nominalUnit: template.nominalUnit,
    };
    const mine = inspections.filter((row) => row.equipmentId === template.id);
    const trend = mine.length >= 2 ? wearTrend(template.definition, mine, nominal) : null;
    if (trend && trend.ratePerYear !== null) found.set(template.id, trend);
  }
  return found;
}

/** One item's trend, or null. */
export async function selectWear(db: Executor, equipmentId: number, scope: OwnerScope): Promise<EquipmentWear | null> {
  return (await selectWears(db, [equipmentId], scope)).get(equipmentId) ?? null;
}

/**
 * The flag of the due views (issue 28 part 5): the date an item's wear is predicted to reach its
 * condemned limit, when that is on or before its due date (it would be discarded before it is seen again).
 */
export const discardBeforeDue = (wear: EquipmentWear | undefined, dueDate: string): string | null =>
  wear?.predictedDiscardDate && wear.predictedDiscardDate <= dueDate ? wear.predictedDiscardDate : null;
