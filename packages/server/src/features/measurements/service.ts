/**
 * Measurement templates (docs/measurements.md): a certificate type's template and its sub-types'
 * overrides, each saved as a new version when it changes, removed without losing a version, and
 * copied to another owner's type. Types and sub-types outside the caller's owners read as missing.
 */
import {
  type MeasurementTemplates,
  type TemplateCopyResult,
  type TemplateDefinition,
  type TemplateVersion,
  templateMessages,
} from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { staffName } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function presentVersion(row: { [K in keyof q.VersionRow]: q.VersionRow[K] | null }, user: AuthUser): TemplateVersion | null {
  if (row.id === null || row.definition === null || row.version === null || row.created_at === null) return null;
  const { fields, derived, criteria } = row.definition;
  return {
    id: row.id,
    version: row.version,
    fields,
    derived,
    criteria,
    createdBy: staffName(row.created_by, user),
    createdDate: iso(row.created_at),
  };
}

/** GET /Measurements/Templates/{id}: the type's template and each sub-type's override. */
export async function getTemplates(db: Executor, { user, scope }: Caller, typeId: number): Promise<MeasurementTemplates> {
  const type = await q.selectType(db, scope, typeId);
  if (!type) throw notFound('The certificate type');
  const subTypes = await q.selectSubTypes(db, typeId);
  return {
    certificateType: {
      id: type.type_id,
      name: type.type_name,
      owner: { id: type.owner_id, name: type.owner_name },
      template: presentVersion(type, user),
    },
    subTypes: subTypes.map((row) => ({ id: row.sub_type_id, name: row.sub_type_name, template: presentVersion(row, user) })),
  };
}

/** PUT /Measurements/Templates/{id}: a new version of the type's template (none when unchanged). */
export async function setTypeTemplate(db: Executor, caller: Caller, typeId: number, definition: TemplateDefinition) {
  return db.transaction(async (tx) => {
    await getTemplates(tx, caller, typeId);
    await q.saveVersion(tx, { typeId, subTypeId: null }, definition, caller.user.email);
    return getTemplates(tx, caller, typeId);
  });
}

export async function removeTypeTemplate(db: Executor, caller: Caller, typeId: number) {
  return db.transaction(async (tx) => {
    await getTemplates(tx, caller, typeId);
    await q.removeTemplate(tx, { typeId, subTypeId: null }, caller.user.email);
    return getTemplates(tx, caller, typeId);
  });
}

async function subTypeType(db: Executor, { scope }: Caller, subTypeId: number) {
  const typeId = await q.selectSubTypeType(db, scope, subTypeId);
  if (typeId === undefined) throw notFound('The sub-type');
  return typeId;
}

/** PUT /Measurements/Templates/SubTypes/{id}: the sub-type's own template, overriding its type's. */
export async function setSubTypeTemplate(db: Executor, caller: Caller, subTypeId: number, definition: TemplateDefinition) {
  return db.transaction(async (tx) => {
    const typeId = await subTypeType(tx, caller, subTypeId);
    await q.saveVersion(tx, { typeId, subTypeId }, definition, caller.user.email);
    return getTemplates(tx, caller, typeId);
  });
}

export async function removeSubTypeTemplate(db: Executor, caller: Caller, subTypeId: number) {
  return db.transaction(async (tx) => {
    const typeId = await subTypeType(tx, caller, subTypeId);
    await q.removeTemplate(tx, { typeId, subTypeId }, caller.user.email);
    return getTemplates(tx, caller, typeId);
  });
}

const definitionOf = (version: TemplateVersion): TemplateDefinition => ({
  fields: version.fields,
  derived: version.derived,
  criteria: version.criteria,
});

/**
 * POST /Measurements/Templates/{id}/Copy: the type's template onto another type the caller may edit
 * (a new version there), and each sub-type override onto the target's sub-type of the same name.
 */
export async function copyTemplate(db: Executor, caller: Caller, fromTypeId: number, toTypeId: number): Promise<TemplateCopyResult> {
  return db.transaction(async (tx) => {
    const source = await getTemplates(tx, caller, fromTypeId);
    if (toTypeId === fromTypeId) throw badRequest('certificateType', templateMessages.sameType);
    if (!(await q.selectType(tx, caller.scope, toTypeId))) throw badRequest('certificateType', templateMessages.typeNotFound);
    const template = source.certificateType.template;
    if (!template) throw conflict(templateMessages.noTemplate);
    await q.saveVersion(tx, { typeId: toTypeId, subTypeId: null }, definitionOf(template), caller.user.email);
    const targets = await q.selectSubTypeIdsByName(tx, toTypeId);
    const copiedOverrides: string[] = [];
    const skippedOverrides: string[] = [];
    for (const subType of source.subTypes) {
      if (!subType.template) continue;
      const target = targets.get(subType.name.toLowerCase());
      if (target === undefined) {
        skippedOverrides.push(subType.name);
        continue;
      }
      await q.saveVersion(tx, { typeId: toTypeId, subTypeId: target }, definitionOf(subType.template), caller.user.email);
      copiedOverrides.push(subType.name);
    }
    return { templates: await getTemplates(tx, caller, toTypeId), copiedOverrides, skippedOverrides };
  });
}

/** GET /Measurements/TemplateVersions/{id}: a version as a record judged by it shows it. */
export async function getVersion(db: Executor, { user, scope }: Caller, versionId: number) {
  const row = await q.selectVersion(db, scope, versionId);
  if (!row) throw notFound('The template version');
  return {
    ...(presentVersion(row, user) as TemplateVersion),
    certificateType: { id: row.type_id, name: row.type_name },
    subType: row.sub_type_id === null ? null : { id: row.sub_type_id, name: row.sub_type_name ?? '' },
    current: row.current,
  };
}
