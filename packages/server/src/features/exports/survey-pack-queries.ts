/**
 * The SQL of the survey pack (docs/reports.md "The owner's evidence"), reviewable in one place: the rigs
 * an owner can have a pack for, the pack's head (counts and the signed-off events it rests on), its items
 * in stamped-id order, its mooring spreads' items and the certificates' files for the ZIP.
 */
import type { MooringSpread, NominalUnit, SurveyPackRig, TemplateDefinition } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { storedWearShown } from '../../db/wear.ts';

/**
 * FROM and WHERE of the pack: the owner's active items whose latest event (any type) was on the rig,
 * with each one's last inspection and its sign-off (`ii`, `so`), certificate and due date.
 */
const packFrom = (ownerId: number, rigId: number) => sql`
  from equipment_latest_status ls
  join events v on v.id = ls.event_id
  join equipment e on e.id = ls.equipment_id
  join certificates c on c.id = e.certificate_id
  left join event_items ii on ii.id = ls.inspection_event_item_id
  left join event_seals so on so.event_id = ii.event_id and so.kind = 'signOff'
  where v.rig_id = ${rigId} and c.owner_id = ${ownerId} and not e.hidden`;

/**
 * GET /Export/SurveyPack/Rigs: each owner of the caller and rig with active items last seen there, from the
 * maintained counts per owner and rig (report_rig_counts, decision 085): the caller's owners' rows only.
 */
export async function selectPackRigs(db: Executor, scope: OwnerScope): Promise<SurveyPackRig[]> {
  const { rows } = await db.execute<SurveyPackRig>(sql`
    select k.owner_id as "ownerId", o.name as owner, k.rig_id as "rigId", r.name as rig, k.n as items
    from report_rig_counts k
    join owners o on o.id = k.owner_id
    join folders r on r.id = k.rig_id
    where k.n > 0 and ${inOwnerScope(sql`k.owner_id`, scope) ?? sql`true`}
    order by lower(o.name), k.owner_id, lower(r.name), k.rig_id`);
  return rows;
}

/**
 * Each item of the pack, by stamped id: certificate facts, last inspection (with its measurements) and who
 * signed it off, the wear trend (the stored fit, where the caller may read it: db/wear.ts), due date.
 */
export const packRows = (ownerId: number, rigId: number, scope: OwnerScope): SQL => sql`
  select e.stamped_id as "stampedId", concat_ws(', ', ct.name, cst.name, d.name) as type,
    c.certificate_number as certificate, c.manufacturer, c.quality, c.date_signed as "dateSigned",
    ls.inspection_date as "inspected", s.name as result, s.color as "resultColor",
    so.inspector || ' (' || so.qualification || ', ' || so.company || ')' as "signedBy",
    du.due_date as "dueDate", du.condemned,
    ii.measurements, ii.measurement_version_id as "versionId", d.nominal_size as "nominalSize", d.nominal_unit as "nominalUnit",
    w.rate_per_year as "ratePerYear", w.discard_limit as "limit", w.unit, w.predicted_discard_date::text as "predictedDiscardDate"
  from (select e.id as equipment_id ${packFrom(ownerId, rigId)}) pack
  join equipment e on e.id = pack.equipment_id
  join certificates c on c.id = e.certificate_id
  join equipment_latest_status ls on ls.equipment_id = e.id
  left join certificate_types ct on ct.id = c.type_id
  left join certificate_sub_types cst on cst.id = c.sub_type_id
  left join dimensions d on d.id = c.dimension_id
  left join folders s on s.id = ls.inspection_status_id
  left join event_items ii on ii.id = ls.inspection_event_item_id
  left join event_seals so on so.event_id = ii.event_id and so.kind = 'signOff'
  left join equipment_due du on du.equipment_id = e.id
  left join equipment_wear w on w.equipment_id = e.id and ${storedWearShown(scope)}
  order by e.stamped_id`;

export interface PackRow {
  stampedId: string;
  type: string;
  certificate: string;
  manufacturer: string | null;
  quality: string | null;
  dateSigned: string | null;
  inspected: string | null;
  result: string | null;
  resultColor: string | null;
  signedBy: string | null;
  dueDate: string | null;
  condemned: boolean | null;
  measurements: unknown;
  versionId: number | null;
  nominalSize: string | number | null;
  nominalUnit: NominalUnit | null;
  ratePerYear: number | null;
  limit: number | null;
  unit: string | null;
  predictedDiscardDate: string | null;
}

/** The template versions given (the pack's head names those of its last inspections): few, read once. */
export async function selectTemplateVersions(db: Executor, ids: number[]): Promise<Map<number, TemplateDefinition>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; definition: TemplateDefinition }>(sql`
    select id, definition from measurement_template_versions where id = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.id, row.definition]));
}

/**
 * The pack's head: owner and rig names (null when absent), its item count, the signed-off events and
 * signers it rests on, and the template versions its last inspections were measured by.
 */
export async function selectPackHead(db: Executor, ownerId: number, rigId: number) {
  const { rows } = await db.execute<{
    owner: string | null;
    rig: string | null;
    items: number;
    eventIds: number[];
    signers: string[];
    versionIds: number[];
  }>(sql`
    select (select name from owners where id = ${ownerId}) as owner,
      (select name from folders where id = ${rigId} and kind = 'rig') as rig,
      count(*)::int as items,
      coalesce(array_agg(distinct ii.event_id) filter (where so.id is not null), '{}') as "eventIds",
      coalesce(array_agg(distinct so.inspector || ', ' || so.company) filter (where so.id is not null), '{}') as signers,
      coalesce(array_agg(distinct ii.measurement_version_id) filter (where ii.measurement_version_id is not null), '{}') as "versionIds"
    ${packFrom(ownerId, rigId)}`);
  return rows[0];
}

/** The certificates' files of the pack's items, one per file, in certificate-number order. */
export async function selectPackFiles(db: Executor, ownerId: number, rigId: number) {
  const { rows } = await db.execute<{ id: number; number: string }>(sql`
      select distinct c.file_id as id, c.certificate_number as number
      from (select c.id ${packFrom(ownerId, rigId)}) pack
      join certificates c on c.id = pack.id
      where c.file_id is not null
      order by c.certificate_number`);
  return rows;
}

/** The owner's mooring spreads on the rig (report settings, docs/reports.md), read from their stored row. */
export async function spreadsOn(db: Executor, ownerId: number, rig: string): Promise<MooringSpread[]> {
  const { rows } = await db.execute<{ value: MooringSpread[] }>(sql`select value from report_settings where key = 'mooringSpreads'`);
  return (rows[0]?.value ?? []).filter((spread) => spread.ownerId === ownerId && spread.rig.toLowerCase() === rig.toLowerCase());
}

/** The spreads' items of this owner only (another owner's id reads "Not found", as on the spread screen). */
export async function spreadItems(db: Executor, ownerId: number, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { status: string | null; color: string | null; dueDate: string | null; condemned: boolean | null }>();
  const { rows } = await db.execute<{
    key: string;
    status: string | null;
    color: string | null;
    dueDate: string | null;
    condemned: boolean | null;
  }>(sql`
    select lower(e.stamped_id) as key, s.name as status, s.color, du.due_date as "dueDate", du.condemned
    from equipment e
    join certificates c on c.id = e.certificate_id
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders s on s.id = ls.status_id
    left join equipment_due du on du.equipment_id = e.id
    where c.owner_id = ${ownerId} and lower(e.stamped_id) = any(${sql.param(ids.map((id) => id.toLowerCase()))}::text[])`);
  return new Map(rows.map(({ key, ...row }) => [key, row]));
}
