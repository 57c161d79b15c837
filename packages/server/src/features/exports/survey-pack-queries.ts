/**
 * The SQL of the survey pack (docs/reports.md "The owner's evidence"), reviewable in one place: the rigs
 * an owner can have a pack for, the pack's head (counts and the signed-off events it rests on), its items
 * in stamped-id order, its mooring spreads' items and the certificates' files for the ZIP.
 */
import type { MooringSpread, NominalUnit, SurveyPackRig, TemplateDefinition } from '@portal/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { bool, date, int, json, readRows, renderRead, text, textArray } from '../../db/read.ts';
import { measurementTemplateVersions, reportSettings } from '../../db/schema.ts';
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
  const read = renderRead('surveyPack.rigs', {
    columns: {
      ownerId: int(sql`k.owner_id`),
      owner: text(sql`o.name`),
      rigId: int(sql`k.rig_id`),
      rig: text(sql`r.name`),
      items: int(sql`k.n`),
    },
    from: sql`from report_rig_counts k
    join owners o on o.id = k.owner_id
    join folders r on r.id = k.rig_id
    where k.n > 0 and ${inOwnerScope(sql`k.owner_id`, scope) ?? sql`true`}
    order by lower(o.name), k.owner_id, lower(r.name), k.rig_id`,
  });
  return readRows(db, read);
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
  const v = measurementTemplateVersions;
  const rows = await db.select({ id: v.id, definition: v.definition }).from(v).where(inArray(v.id, ids));
  return new Map(rows.map((row) => [row.id, row.definition]));
}

/**
 * The pack's head: owner and rig names (null when absent), its item count, the signed-off events and
 * signers it rests on, and the template versions its last inspections were measured by.
 */
export async function selectPackHead(db: Executor, ownerId: number, rigId: number) {
  const read = renderRead('surveyPack.head', {
    columns: {
      owner: text.orNull(sql`(select name from owners where id = ${ownerId})`),
      rig: text.orNull(sql`(select name from folders where id = ${rigId} and kind = 'rig')`),
      items: int(sql`count(*)`),
      // Integer arrays as JSON: a JS array of numbers, as the driver gave int[] before.
      eventIds: json<number[]>(sql`to_json(coalesce(array_agg(distinct ii.event_id) filter (where so.id is not null), '{}'))`),
      signers: textArray(sql`coalesce(array_agg(distinct so.inspector || ', ' || so.company) filter (where so.id is not null), '{}')`),
      versionIds: json<number[]>(
        sql`to_json(coalesce(array_agg(distinct ii.measurement_version_id) filter (where ii.measurement_version_id is not null), '{}'))`,
      ),
    },
    from: packFrom(ownerId, rigId),
  });
  const [row] = await readRows(db, read);
  return row;
}

/** The certificates' files of the pack's items, one per file, in certificate-number order. */
export async function selectPackFiles(db: Executor, ownerId: number, rigId: number) {
  // Distinct pairs: (select distinct ...) keeps the select list of the read its own.
  const read = renderRead('surveyPack.files', {
    columns: { id: int(sql`f.id`), number: text(sql`f.number`) },
    from: sql`from (
      select distinct c.file_id as id, c.certificate_number as number
      from (select c.id ${packFrom(ownerId, rigId)}) pack
      join certificates c on c.id = pack.id
      where c.file_id is not null) f
      order by f.number`,
  });
  return readRows(db, read);
}

/** The owner's mooring spreads on the rig (report settings, docs/reports.md), read from their stored row. */
export async function spreadsOn(db: Executor, ownerId: number, rig: string): Promise<MooringSpread[]> {
  const [row] = await db.select({ value: reportSettings.value }).from(reportSettings).where(eq(reportSettings.key, 'mooringSpreads'));
  return ((row?.value as MooringSpread[] | undefined) ?? []).filter(
    (spread) => spread.ownerId === ownerId && spread.rig.toLowerCase() === rig.toLowerCase(),
  );
}

/** The spreads' items of this owner only (another owner's id reads "Not found", as on the spread screen). */
export async function spreadItems(db: Executor, ownerId: number, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { status: string | null; color: string | null; dueDate: string | null; condemned: boolean | null }>();
  const read = renderRead('surveyPack.spreadItems', {
    columns: {
      key: text(sql`lower(e.stamped_id)`),
      status: text.orNull(sql`s.name`),
      color: text.orNull(sql`s.color`),
      dueDate: date.orNull(sql`du.due_date`),
      condemned: bool.orNull(sql`du.condemned`),
    },
    from: sql`from equipment e
    join certificates c on c.id = e.certificate_id
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders s on s.id = ls.status_id
    left join equipment_due du on du.equipment_id = e.id
    where c.owner_id = ${ownerId} and lower(e.stamped_id) = any(${sql.param(ids.map((id) => id.toLowerCase()))}::text[])`,
  });
  const rows = await readRows(db, read);
  return new Map(rows.map(({ key, ...row }) => [key, row]));
}
