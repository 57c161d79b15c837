/**
 * SQL for measurement templates. Every read takes the caller's owner scope through the template's
 * certificate type, so another owner's template reads as missing.
 */
import type { TemplateDefinition } from '@portal/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { bool, int, isoUtc, json, readRow, readRows, renderRead, run, text } from '../../db/read.ts';
import { certificateSubTypes, measurementTemplates } from '../../db/schema.ts';
import { ownerScoped } from '../../db/scope.ts';

/** A version's columns (`v`): all null when a left join finds none. */
const versionColumns = () => ({
  id: int.orNull(sql`v.id`),
  version: int.orNull(sql`v.version`),
  definition: json.orNull<TemplateDefinition>(sql`v.definition`),
  created_by: text.orNull(sql`v.created_by`),
  created_at: isoUtc.orNull(sql`v.created_at`),
});
export type VersionRow = {
  id: number;
  version: number;
  definition: TemplateDefinition;
  created_by: string | null;
  created_at: string;
};

/** A certificate type in scope, with its owner and its template's current version (if any). */
export async function selectType(db: Executor, scope: OwnerScope, typeId: number) {
  const read = renderRead('measurements.type', {
    columns: {
      type_id: int(sql`ct.id`),
      type_name: text(sql`ct.name`),
      owner_id: int(sql`o.id`),
      owner_name: text(sql`o.name`),
      ...versionColumns(),
    },
    from: sql`from certificate_types ct
    join owners o on o.id = ct.owner_id
    left join measurement_templates m on m.certificate_type_id = ct.id and m.sub_type_id is null
    left join measurement_template_versions v on v.id = m.current_version_id
    where ct.id = ${typeId} and ${ownerScoped(sql`ct.owner_id`, scope)}`,
  });
  return readRow(db, read);
}

/** The type's sub-types by name, each with its override's current version (if any). */
export async function selectSubTypes(db: Executor, typeId: number) {
  const read = renderRead('measurements.subTypes', {
    columns: { sub_type_id: int(sql`st.id`), sub_type_name: text(sql`st.name`), ...versionColumns() },
    from: sql`from certificate_sub_types st
    left join measurement_templates m on m.certificate_type_id = st.certificate_type_id and m.sub_type_id = st.id
    left join measurement_template_versions v on v.id = m.current_version_id
    where st.certificate_type_id = ${typeId}
    order by lower(st.name), st.id`,
  });
  return readRows(db, read);
}

/** The type of a sub-type within the scope. */
export async function selectSubTypeType(db: Executor, scope: OwnerScope, subTypeId: number) {
  const read = renderRead('measurements.subTypeType', {
    columns: { type_id: int(sql`ct.id`) },
    from: sql`from certificate_sub_types st join certificate_types ct on ct.id = st.certificate_type_id
    where st.id = ${subTypeId} and ${ownerScoped(sql`ct.owner_id`, scope)}`,
  });
  return (await readRow(db, read))?.type_id;
}

/** A type's sub-types by lower-cased name (the copy matches overrides by name). */
export async function selectSubTypeIdsByName(db: Executor, typeId: number) {
  const st = certificateSubTypes;
  const rows = await db
    .select({ id: st.id, name: sql<string>`lower(${st.name})` })
    .from(st)
    .where(eq(st.certificateTypeId, typeId));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The template row of a type (sub-type null) or of a sub-type's override. */
const templateOf = (at: { typeId: number; subTypeId: number | null }) =>
  and(
    eq(measurementTemplates.certificateTypeId, at.typeId),
    at.subTypeId === null ? isNull(measurementTemplates.subTypeId) : eq(measurementTemplates.subTypeId, at.subTypeId),
  );

/**
 * Makes `definition` the template's current version: a new version when it differs from the current
 * one (jsonb equality: the same definition saved again makes none). The template row is locked first,
 * so two saves at once number their versions one after the other.
 */
export async function saveVersion(
  db: Executor,
  at: { typeId: number; subTypeId: number | null },
  definition: TemplateDefinition,
  by: string,
): Promise<void> {
  const sub = at.subTypeId;
  // Its one unique key besides the id: (certificate_type_id, coalesce(sub_type_id, 0)).
  await db
    .insert(measurementTemplates)
    .values({ certificateTypeId: at.typeId, subTypeId: sub, createdBy: by, updatedBy: by })
    .onConflictDoNothing();
  const locked = renderRead('measurements.lockTemplate', {
    columns: { id: int(sql`m.id`), same: bool.orNull(sql`v.definition = ${JSON.stringify(definition)}::jsonb`) },
    from: sql`from measurement_templates m left join measurement_template_versions v on v.id = m.current_version_id
    where m.certificate_type_id = ${at.typeId} and ${sub === null ? sql`m.sub_type_id is null` : sql`m.sub_type_id = ${sub}`}
    for update of m`,
  });
  const template = await readRow(db, locked);
  if (!template) throw new Error(`measurement template of type ${at.typeId} not found`);
  if (template.same) return;
  await run(
    db,
    sql`
    with v as (
      insert into measurement_template_versions (template_id, version, definition, created_by)
      select ${template.id}, coalesce(max(version), 0) + 1, ${JSON.stringify(definition)}::jsonb, ${by}
      from measurement_template_versions where template_id = ${template.id}
      returning id
    )
    update measurement_templates set current_version_id = (select id from v), updated_by = ${by}, updated_at = now()
    where id = ${template.id}`,
  );
}

/** No current version: the type has no template, the sub-type uses its type's. Versions stay. */
export async function removeTemplate(db: Executor, at: { typeId: number; subTypeId: number | null }, by: string) {
  await db
    .update(measurementTemplates)
    .set({ currentVersionId: null, updatedBy: by, updatedAt: sql`now()` })
    .where(and(templateOf(at), isNotNull(measurementTemplates.currentVersionId)));
}

/** One version in scope, with its type, sub-type and whether it is its template's current one. */
export async function selectVersion(db: Executor, scope: OwnerScope, versionId: number) {
  const read = renderRead('measurements.version', {
    columns: {
      id: int(sql`v.id`),
      version: int(sql`v.version`),
      definition: json<TemplateDefinition>(sql`v.definition`),
      created_by: text.orNull(sql`v.created_by`),
      created_at: isoUtc(sql`v.created_at`),
      type_id: int(sql`ct.id`),
      type_name: text(sql`ct.name`),
      sub_type_id: int.orNull(sql`st.id`),
      sub_type_name: text.orNull(sql`st.name`),
      current: bool(sql`m.current_version_id is not distinct from v.id`),
    },
    from: sql`from measurement_template_versions v
    join measurement_templates m on m.id = v.template_id
    join certificate_types ct on ct.id = m.certificate_type_id
    left join certificate_sub_types st on st.id = m.sub_type_id
    where v.id = ${versionId} and ${ownerScoped(sql`ct.owner_id`, scope)}`,
  });
  return readRow(db, read);
}
