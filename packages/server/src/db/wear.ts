/**
 * Items' wear trends (issue 28 part 5, docs/measurements.md "Wear trends"): the rate, limit and
 * predicted discard date kept in `equipment_wear` (db/derived/equipment_wear.sql, decision 082), and
 * the series for the chart read from the measured inspections, labelled by the contract's
 * `trendSeries`. Read for one item (the equipment page) or for a page of them (the due badges' flag),
 * in two statements. An external viewer's trend leaves out what was recorded while the item was
 * another owner's (docs/security.md rule 28), as its event history does: the same SQL function then
 * fits the points that viewer sees (a third statement, only for such items).
 */
import { type EquipmentWear, type Measurement, type TemplateDefinition, trendSeries } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../auth/scope.ts';
import type { Executor } from './client.ts';
import { recordedForAnotherOwner } from './equipment-scope.ts';
import { bool, date, defineRead, int, json, num, type RowOf, readRows } from './read.ts';
import { inOwnerScope, preparedScope } from './scope.ts';

/** A wear fit of equipment_wear or equipment_wear_rows (alias `w`); its rates are rounded to 6 decimals, exact as numeric. */
const fitColumns = (w: SQL) => ({
  id: int(sql`${w}.equipment_id`),
  points: int(sql`${w}.points`),
  ratePerYear: num(sql`${w}.rate_per_year`),
  limit: num.orNull(sql`${w}.discard_limit`),
  predictedDiscardDate: date.orNull(sql`${w}.predicted_discard_date`),
});
type Fit = RowOf<ReturnType<typeof fitColumns>>;

/** The trends of the items given, by equipment id; an item without one (no template, fewer than two inspections) is absent. */
export async function selectWears(db: Executor, equipmentIds: readonly number[], scope: OwnerScope): Promise<Map<number, EquipmentWear>> {
  const found = new Map<number, EquipmentWear>();
  if (equipmentIds.length === 0) return found;
  const owners = preparedScope(sql`hc.owner_id`, scope);
  // The derived row, and the template (the sub-type's override, else the type's) that names the series.
  const itemsRead = defineRead('wear.items', () => ({
    columns: { ...fitColumns(sql`w`), definition: json<TemplateDefinition>(sql`v.definition`) },
    from: sql`from equipment_wear w
    join equipment q on q.id = w.equipment_id
    join certificates c on c.id = q.certificate_id
    left join measurement_templates ms on ms.certificate_type_id = c.type_id and ms.sub_type_id = c.sub_type_id
    left join measurement_templates mt on mt.certificate_type_id = c.type_id and mt.sub_type_id is null
    join measurement_template_versions v on v.id = coalesce(ms.current_version_id, mt.current_version_id)
    where w.equipment_id = any(${sql.placeholder('ids')}::int[])`,
  }));
  const items = await readRows(db, itemsRead, { ids: [...new Set(equipmentIds)] });
  if (items.length === 0) return found;
  const inspectionsRead = defineRead(`wear.inspections.${owners.key}`, () => ({
    columns: {
      id: int(sql`i.id`),
      equipmentId: int(sql`i.equipment_id`),
      date: date(sql`ev.event_date`),
      measurements: json<Measurement[]>(sql`i.measurements`),
      hidden: bool(recordedForAnotherOwner(owners.where, sql`i`)),
    },
    from: sql`from event_items i
    join events ev on ev.id = i.event_id
    where i.equipment_id = any(${sql.placeholder('ids')}::int[]) and i.measurements <> '[]'::jsonb
    order by ev.event_date, i.id`,
  }));
  const inspections = await readRows(db, inspectionsRead, { ids: items.map((row) => row.id), owners: owners.owners });
  const hidden = inspections.filter((row) => row.hidden);
  const fits = new Map<number, Fit | undefined>(items.map((item) => [item.id, item]));
  if (hidden.length > 0) {
    const refit = [...new Set(hidden.map((row) => row.equipmentId))];
    for (const id of refit) fits.set(id, undefined);
    const refitRead = defineRead('wear.refit', () => ({
      columns: fitColumns(sql`w`),
      from: sql`from equipment_wear_rows(${sql.placeholder('ids')}::int[], ${sql.placeholder('skip')}::bigint[]) w`,
    }));
    const rows = await readRows(db, refitRead, { ids: refit, skip: hidden.map((row) => row.id) });
    for (const row of rows) fits.set(row.id, row);
  }
  for (const item of items) {
    const fit = fits.get(item.id);
    const shown = trendSeries(
      item.definition,
      inspections.filter((row) => row.equipmentId === item.id && !row.hidden),
    );
    if (!fit || !shown) continue;
    const { label, unit, series } = shown;
    found.set(item.id, {
      label,
      unit,
      series,
      limit: fit.limit,
      ratePerYear: fit.ratePerYear,
      predictedDiscardDate: fit.predictedDiscardDate,
    });
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
export const discardBeforeDue = (predicted: string | null | undefined, dueDate: string): string | null =>
  predicted && predicted <= dueDate ? predicted : null;

/**
 * Whether the caller may read the stored fit of `w` (an equipment_wear row) as it is: always with every
 * owner; for a caller of some owners only while none of the item's measured inspections was recorded for
 * an owner outside theirs (docs/security.md rule 28). Lists that read the stored fit leave such an item
 * out for that caller; its equipment page refits what they may see (selectWears).
 */
export function storedWearShown(scope: OwnerScope, w: SQL = sql`w`): SQL {
  const owned = inOwnerScope(sql`hc.owner_id`, scope);
  if (!owned) return sql`true`;
  return sql`not exists (select 1 from event_items wi
    where wi.equipment_id = ${w}.equipment_id and wi.measurements <> '[]'::jsonb and ${recordedForAnotherOwner(owned, sql`wi`)})`;
}
