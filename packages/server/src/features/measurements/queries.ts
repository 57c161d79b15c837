/**
 * SQL for measurement templates. Every read takes the caller's owner scope through the template's
 * certificate type, so another owner's template reads as missing.
 */
import type { TemplateDefinition } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { ownerScoped } from '../../db/scope.ts';

export type VersionRow = {
  id: number;
  version: number;
  definition: TemplateDefinition;
  created_by: string | null;
  created_at: Date | string;
};

const versionColumns = sql`v.id, v.version, v.definition, v.created_by, v.created_at`;

/** A certificate type in scope, with its owner and its template's current version (if any). */
export async function selectType(db: Executor, scope: OwnerScope, typeId: number) {
  const { rows } = await db.execute<
    { type_id: number; type_name: string; owner_id: number; owner_name: string } & { [K in keyof VersionRow]: VersionRow[K] | null }
  >(sql`
    select ct.id as type_id, ct.name as type_name, o.id as owner_id, o.name as owner_name, ${versionColumns}
    from certificate_types ct
    join owners o on o.id = ct.owner_id
    left join measurement_templates m on m.certificate_type_id = ct.id and m.sub_type_id is null
    left join measurement_template_versions v on v.id = m.current_version_id
    where ct.id = ${typeId} and ${ownerScoped(sql`ct.owner_id`, scope)}`);
  return rows[0];
}

/** The type's sub-types by name, each with its override's current version (if any). */
export async function selectSubTypes(db: Executor, typeId: number) {
  const { rows } = await db.execute<{ sub_type_id: number; sub_type_name: string } & { [K in keyof VersionRow]: VersionRow[K] | null }>(sql`
    select st.id as sub_type_id, st.name as sub_type_name, ${versionColumns}
    from certificate_sub_types st
    left join measurement_templates m on m.certificate_type_id = st.certificate_type_id and m.sub_type_id = st.id
    left join measurement_template_versions v on v.id = m.current_version_id
    where st.certificate_type_id = ${typeId}
    order by lower(st.name), st.id`);
  return rows;
}

/** The type of a sub-type within the scope. */
export async function selectSubTypeType(db: Executor, scope: OwnerScope, subTypeId: number) {
  const { rows } = await db.execute<{ type_id: number }>(sql`
    select ct.id as type_id from certificate_sub_types st join certificate_types ct on ct.id = st.certificate_type_id
    where st.id = ${subTypeId} and ${ownerScoped(sql`ct.owner_id`, scope)}`);
  return rows[0]?.type_id;
}

/** A type's sub-types by lower-cased name (the copy matches overrides by name). */
export async function selectSubTypeIdsByName(db: Executor, typeId: number) {
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select id, lower(name) as name from certificate_sub_types where certificate_type_id = ${typeId}`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

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
  await db.execute(sql`
    insert into measurement_templates (certificate_type_id, sub_type_id, created_by, updated_by)
    values (${at.typeId}, ${sub}, ${by}, ${by})
    on conflict (certificate_type_id, coalesce(sub_type_id, 0)) do nothing`);
  const { rows } = await db.execute<{ id: number; same: boolean | null }>(sql`
    select m.id, v.definition = ${JSON.stringify(definition)}::jsonb as same
    from measurement_templates m left join measurement_template_versions v on v.id = m.current_version_id
    where m.certificate_type_id = ${at.typeId} and ${sub === null ? sql`m.sub_type_id is null` : sql`m.sub_type_id = ${sub}`}
    for update of m`);
  const template = rows[0];
  if (template.same) return;
  await db.execute(sql`
    with v as (
      insert into measurement_template_versions (template_id, version, definition, created_by)
      select ${template.id}, coalesce(max(version), 0) + 1, ${JSON.stringify(definition)}::jsonb, ${by}
      from measurement_template_versions where template_id = ${template.id}
      returning id
    )
    update measurement_templates set current_version_id = (select id from v), updated_by = ${by}, updated_at = now()
    where id = ${template.id}`);
}

/** No current version: the type has no template, the sub-type uses its type's. Versions stay. */
export async function removeTemplate(db: Executor, at: { typeId: number; subTypeId: number | null }, by: string) {
  await db.execute(sql`
    update measurement_templates set current_version_id = null, updated_by = ${by}, updated_at = now()
    where certificate_type_id = ${at.typeId} and ${at.subTypeId === null ? sql`sub_type_id is null` : sql`sub_type_id = ${at.subTypeId}`}
      and current_version_id is not null`);
}

/** One version in scope, with its type, sub-type and whether it is its template's current one. */
export async function selectVersion(db: Executor, scope: OwnerScope, versionId: number) {
  const { rows } = await db.execute<
    VersionRow & { type_id: number; type_name: string; sub_type_id: number | null; sub_type_name: string | null; current: boolean }
  >(sql`
    select ${versionColumns}, ct.id as type_id, ct.name as type_name, st.id as sub_type_id, st.name as sub_type_name,
      m.current_version_id is not distinct from v.id as current
    from measurement_template_versions v
    join measurement_templates m on m.id = v.template_id
    join certificate_types ct on ct.id = m.certificate_type_id
    left join certificate_sub_types st on st.id = m.sub_type_id
    where v.id = ${versionId} and ${ownerScoped(sql`ct.owner_id`, scope)}`);
  return rows[0];
}
