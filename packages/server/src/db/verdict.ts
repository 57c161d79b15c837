/**
 * Recording measurements on an item and judging them (issue 28 part 4, docs/measurements.md
 * "Recording", decision 077). The template is the item's sub-type override, else its type's; once an
 * item has measurements it keeps the version they were judged by (a criteria change applies to later
 * inspections), until they are all cleared. The proposal is the contract's `evaluate`, stored with the
 * item so that the flag and sign-off read what was judged when it was saved. Shared by the item PUT and
 * amendments (decision 081), so both judge one way.
 */
import {
  evaluate,
  MEASUREMENT_TEXT_MAX,
  type Measurement,
  type MeasurementField,
  verdictMessages as m,
  type NominalUnit,
  proposedStatusId,
  type StatusChoice,
  type TemplateDefinition,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest } from '../http/errors.ts';
import type { Executor } from './client.ts';
import { bool, defineRead, int, json, num, readRow, text } from './read.ts';
import { eventItems, folders, measurementTemplateVersions } from './schema.ts';
import { reasonNeeded } from './verdicts.ts';

export type JudgingVersion = { id: number; version: number; definition: TemplateDefinition; current: boolean };

export type ItemJudging = {
  measurements: Measurement[];
  /** The version the item's measurements were judged by; null while it has none. */
  pinned: JudgingVersion | null;
  /** The version a first measurement would be judged by: the sub-type's override, else the type's; null: none. */
  current: JudgingVersion | null;
  nominal: { nominalSize: number | null; nominalUnit: NominalUnit | null };
  typeId: number;
  statusId: number | null;
  proposedStatusId: number | null;
  verdictReason: string | null;
  /** db/verdicts.ts: the status differs from the proposal with no reason on record. */
  reasonNeeded: boolean;
};

async function selectVersion(db: Executor, id: number | null, currentId: number | null): Promise<JudgingVersion | null> {
  if (id === null) return null;
  const v = measurementTemplateVersions;
  const [row] = await db.select({ id: v.id, version: v.version, definition: v.definition }).from(v).where(eq(v.id, id));
  return row ? { ...row, current: row.id === currentId } : null;
}

/** What judging one item needs: its measurements, its versions, its nominal size and the event type. */
export async function selectJudging(db: Executor, itemId: number): Promise<ItemJudging> {
  const read = defineRead('verdict.judging', () => ({
    columns: {
      measurements: json<Measurement[]>(sql`i.measurements`),
      pinnedId: int.orNull(sql`i.measurement_version_id`),
      currentId: int.orNull(sql`coalesce(ms.current_version_id, mt.current_version_id)`),
      nominalSize: num.orNull(sql`d.nominal_size`),
      nominalUnit: text.orNull(sql`d.nominal_unit`),
      typeId: int(sql`e.type_id`),
      statusId: int.orNull(sql`i.status_id`),
      proposedStatusId: int.orNull(sql`i.proposed_status_id`),
      verdictReason: text.orNull(sql`i.verdict_reason`),
      reasonNeeded: bool(reasonNeeded()),
    },
    from: sql`from event_items i
    join events e on e.id = i.event_id
    join equipment q on q.id = i.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join dimensions d on d.id = c.dimension_id
    left join measurement_templates ms on ms.certificate_type_id = c.type_id and ms.sub_type_id = c.sub_type_id
    left join measurement_templates mt on mt.certificate_type_id = c.type_id and mt.sub_type_id is null
    where i.id = ${sql.placeholder('itemId')}`,
  }));
  const row = await readRow(db, read, { itemId });
  if (!row) throw new Error(`event item ${itemId} not found`);
  const current = await selectVersion(db, row.currentId, row.currentId);
  const pinned = row.pinnedId === row.currentId ? current : await selectVersion(db, row.pinnedId, row.currentId);
  return {
    measurements: row.measurements,
    pinned,
    current,
    nominal: { nominalSize: row.nominalSize, nominalUnit: row.nominalUnit as NominalUnit | null },
    typeId: row.typeId,
    statusId: row.statusId,
    proposedStatusId: row.proposedStatusId,
    verdictReason: row.verdictReason,
    reasonNeeded: row.reasonNeeded,
  };
}

/** The event type's statuses, disabled ones too (never proposed), in the Admin's order. */
async function selectStatusChoices(db: Executor, typeId: number): Promise<StatusChoice[]> {
  const f = folders;
  const rows = await db
    .select({ id: f.id, meaning: f.meaning, isDefault: f.isDefault, enabled: f.enabled })
    .from(f)
    .where(and(eq(f.kind, 'status'), eq(f.parentId, typeId)))
    .orderBy(f.sortOrder, sql`lower(${f.name})`, f.id);
  return rows as StatusChoice[];
}

/** Null when the value fits the field; else the field message. */
function valueProblem(field: MeasurementField, value: unknown): string | null {
  switch (field.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : m.number(field.label);
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? null : m.count(field.label);
    case 'choice':
      return typeof value === 'string' && field.choices.includes(value) ? null : m.choice(field.label, field.choices);
    case 'yesNo':
      return typeof value === 'boolean' ? null : m.yesNo(field.label);
    case 'text':
      if (typeof value !== 'string') return m.text(field.label);
      return value.length > MEASUREMENT_TEXT_MAX ? m.textTooLong(field.label) : null;
  }
}

/**
 * The list as it will be stored, in the template's field order (text trimmed, empty text dropped), or
 * a 400 on the entry at fault: `measurements.{i}.key` or `.value`.
 */
export function checkMeasurements(definition: TemplateDefinition, list: readonly Measurement[]): Measurement[] {
  const fields = new Map(definition.fields.map((field) => [field.key, field]));
  const seen = new Set<string>();
  list.forEach(({ key, value }, i) => {
    const field = fields.get(key);
    if (!field) throw badRequest(`measurements.${i}.key`, m.unknownKey(key));
    if (seen.has(key)) throw badRequest(`measurements.${i}.key`, m.keyTwice(key));
    seen.add(key);
    const problem = valueProblem(field, value);
    if (problem) throw badRequest(`measurements.${i}.value`, problem);
  });
  const byKey = new Map(list.map((entry) => [entry.key, typeof entry.value === 'string' ? entry.value.trim() : entry.value]));
  return definition.fields
    .filter((field) => byKey.has(field.key) && byKey.get(field.key) !== '')
    .map((field) => ({ key: field.key, value: byKey.get(field.key)! }));
}

export interface VerdictChange {
  measurements?: Measurement[];
  statusId?: number | null;
  verdictReason?: string | null;
}

/**
 * Records a change of measurements, status or reason on an item: measurements always save (judged by
 * the item's version, or the current one for a first measurement); a status set against the proposal
 * needs a reason given now or on record (400 on statusId). Writes the measurement columns; the caller
 * writes the status.
 */
export async function recordVerdict(db: Executor, itemId: number, change: VerdictChange, by: string): Promise<void> {
  if (change.measurements === undefined && change.statusId === undefined && change.verdictReason === undefined) return;
  const item = await selectJudging(db, itemId);
  let measurements = item.measurements;
  let version = item.pinned;
  if (change.measurements !== undefined) {
    if (change.measurements.length === 0) version = null;
    else {
      version = item.pinned ?? item.current;
      if (!version) throw badRequest('measurements', m.noTemplate);
    }
    measurements = version ? checkMeasurements(version.definition, change.measurements) : [];
    if (measurements.length === 0) version = null;
  }
  const statuses = await selectStatusChoices(db, item.typeId);
  const proposal = version ? proposedStatusId(evaluate(version.definition, measurements, item.nominal).meaning, statuses) : null;
  const reason = change.verdictReason !== undefined ? change.verdictReason : item.verdictReason;
  if (change.statusId !== undefined && proposal !== null && change.statusId !== proposal && reason === null)
    throw badRequest('statusId', m.reasonNeeded);
  await db
    .update(eventItems)
    .set({
      measurements,
      measurementVersionId: version?.id ?? null,
      proposedStatusId: proposal,
      verdictReason: reason,
      updatedBy: by,
      updatedAt: sql`now()`,
    })
    .where(eq(eventItems.id, itemId));
}
