/**
 * SQL for owners and their catalogue. Every read takes the caller's owner scope ('all' or a list of owner ids)
 * and applies it in the WHERE clause, so an owner outside the scope reads as if it did not exist.
 */
import type { OwnerLabelColor } from '@portal/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import { auditColumns } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { dimensionOrderOf } from '../../db/dimensions.ts';
import { nameTaken } from '../../db/names.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { certificateSubTypes, certificateTypes, dimensions, owners, userOwners } from '../../db/schema.ts';
import { inOwnerScope, preparedScope } from '../../db/scope.ts';

const ownerRefColumns = {
  id: owners.id,
  name: owners.name,
  shortCode: owners.shortCode,
  label: owners.label,
};

/** The label column is text; the write path only ever stores the contract's colours. */
const asOwnerRef = <T extends { label: string }>(row: T) => ({ ...row, label: row.label as OwnerLabelColor });

export interface NameCheck {
  name: string;
  /** The row being renamed, which may keep its own name. */
  exceptId?: number;
}

type CatalogueTable = typeof owners | typeof certificateTypes | typeof certificateSubTypes | typeof dimensions;
const siblingNameTaken = (db: Executor, table: CatalogueTable, c: NameCheck, siblings?: SQL) =>
  nameTaken(db, { table, id: table.id, names: table.name, name: c.name, siblings, exceptId: c.exceptId });

export const ownerNameTaken = (db: Executor, c: NameCheck) => siblingNameTaken(db, owners, c);
export const ownerShortCodeTaken = (db: Executor, c: NameCheck) =>
  nameTaken(db, { table: owners, id: owners.id, names: owners.shortCode, name: c.name, exceptId: c.exceptId });
export const typeNameTaken = (db: Executor, c: NameCheck & { ownerId: number }) =>
  siblingNameTaken(db, certificateTypes, c, eq(certificateTypes.ownerId, c.ownerId));
export const subTypeNameTaken = (db: Executor, c: NameCheck & { typeId: number }) =>
  siblingNameTaken(db, certificateSubTypes, c, eq(certificateSubTypes.certificateTypeId, c.typeId));
export const dimensionNameTaken = (db: Executor, c: NameCheck & { subTypeId: number }) =>
  siblingNameTaken(db, dimensions, c, eq(dimensions.subTypeId, c.subTypeId));

// ---------------------------------------------------------------- owners
/** The owners list, prepared once per scope kind (db/prepared.ts). */
export async function selectOwners(db: Executor, scope: OwnerScope) {
  const inScope = preparedScope(owners.id, scope);
  const query = prepared(db, `owners.list.${inScope.key}`, () =>
    db
      .select({ ...ownerRefColumns, ...auditColumns(owners) })
      .from(owners)
      .where(inScope.where)
      .orderBy(asc(owners.name))
      .prepare(UNNAMED),
  );
  const rows = await query.execute({ owners: inScope.owners });
  return rows.map(asOwnerRef);
}

export async function selectOwnerRefs(db: Executor, scope: OwnerScope) {
  const rows = await db.select(ownerRefColumns).from(owners).where(inOwnerScope(owners.id, scope)).orderBy(asc(owners.name));
  return rows.map(asOwnerRef);
}

export async function selectOwner(db: Executor, options: { id: number; scope: OwnerScope }) {
  const [row] = await db
    .select({ ...ownerRefColumns, ...auditColumns(owners) })
    .from(owners)
    .where(and(eq(owners.id, options.id), inOwnerScope(owners.id, options.scope)));
  return row && asOwnerRef(row);
}

export async function insertOwner(db: Executor, values: typeof owners.$inferInsert) {
  const [row] = await db.insert(owners).values(values).returning({ id: owners.id });
  return row.id;
}

/** Puts an owner on a user's list. */
export async function insertUserOwner(db: Executor, values: typeof userOwners.$inferInsert) {
  await db.insert(userOwners).values(values);
}

export async function updateOwner(db: Executor, id: number, values: Partial<typeof owners.$inferInsert>) {
  await db.update(owners).set(values).where(eq(owners.id, id));
}

// ---------------------------------------------------------------- certificate types
function typeQuery(db: Executor) {
  return db
    .select({ id: certificateTypes.id, name: certificateTypes.name, owner: ownerRefColumns, ...auditColumns(certificateTypes) })
    .from(certificateTypes)
    .innerJoin(owners, eq(owners.id, certificateTypes.ownerId));
}

type TypeRow = Awaited<ReturnType<ReturnType<typeof typeQuery>['execute']>>[number];
const asType = (row: TypeRow) => ({ ...row, owner: asOwnerRef(row.owner) });

export async function selectTypes(db: Executor, options: { ownerId: number; scope: OwnerScope }) {
  const rows = await typeQuery(db)
    .where(and(eq(certificateTypes.ownerId, options.ownerId), inOwnerScope(owners.id, options.scope)))
    .orderBy(asc(certificateTypes.name));
  return rows.map(asType);
}

/** One type; with ownerId it must belong to that owner. */
export async function selectType(db: Executor, options: { id: number; ownerId?: number; scope: OwnerScope }) {
  const [row] = await typeQuery(db).where(
    and(
      eq(certificateTypes.id, options.id),
      options.ownerId === undefined ? undefined : eq(certificateTypes.ownerId, options.ownerId),
      inOwnerScope(owners.id, options.scope),
    ),
  );
  return row && asType(row);
}

export async function insertType(db: Executor, values: typeof certificateTypes.$inferInsert) {
  const [row] = await db.insert(certificateTypes).values(values).returning({ id: certificateTypes.id });
  return row.id;
}

export async function updateType(db: Executor, id: number, values: Partial<typeof certificateTypes.$inferInsert>) {
  await db.update(certificateTypes).set(values).where(eq(certificateTypes.id, id));
}

// ---------------------------------------------------------------- sub-types
function subTypeQuery(db: Executor) {
  // drizzle nests one level only: the type's owner is selected beside it and moved in by asSubType.
  return db
    .select({
      id: certificateSubTypes.id,
      name: certificateSubTypes.name,
      certificateType: { id: certificateTypes.id, name: certificateTypes.name },
      owner: ownerRefColumns,
      ...auditColumns(certificateSubTypes),
    })
    .from(certificateSubTypes)
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificateSubTypes.certificateTypeId))
    .innerJoin(owners, eq(owners.id, certificateTypes.ownerId));
}

type SubTypeRow = Awaited<ReturnType<ReturnType<typeof subTypeQuery>['execute']>>[number];
const asSubType = ({ owner, ...row }: SubTypeRow) => ({
  ...row,
  certificateType: { ...row.certificateType, owner: asOwnerRef(owner) },
});

export async function selectSubTypes(db: Executor, options: { typeId: number; scope: OwnerScope }) {
  const rows = await subTypeQuery(db)
    .where(and(eq(certificateSubTypes.certificateTypeId, options.typeId), inOwnerScope(owners.id, options.scope)))
    .orderBy(asc(certificateSubTypes.name));
  return rows.map(asSubType);
}

/** One sub-type; with ownerId and typeId it must sit under that owner and type. */
export async function selectSubType(db: Executor, options: { id: number; ownerId?: number; typeId?: number; scope: OwnerScope }) {
  const [row] = await subTypeQuery(db).where(
    and(
      eq(certificateSubTypes.id, options.id),
      options.typeId === undefined ? undefined : eq(certificateSubTypes.certificateTypeId, options.typeId),
      options.ownerId === undefined ? undefined : eq(certificateTypes.ownerId, options.ownerId),
      inOwnerScope(owners.id, options.scope),
    ),
  );
  return row && asSubType(row);
}

export async function insertSubType(db: Executor, values: typeof certificateSubTypes.$inferInsert) {
  const [row] = await db.insert(certificateSubTypes).values(values).returning({ id: certificateSubTypes.id });
  return row.id;
}

export async function updateSubType(db: Executor, id: number, values: Partial<typeof certificateSubTypes.$inferInsert>) {
  await db.update(certificateSubTypes).set(values).where(eq(certificateSubTypes.id, id));
}

// ---------------------------------------------------------------- dimensions
function dimensionQuery(db: Executor) {
  return db
    .select({
      id: dimensions.id,
      name: dimensions.name,
      nominalSize: dimensions.nominalSize,
      nominalUnit: dimensions.nominalUnit,
      subType: { id: certificateSubTypes.id, name: certificateSubTypes.name },
      ...auditColumns(dimensions),
    })
    .from(dimensions)
    .innerJoin(certificateSubTypes, eq(certificateSubTypes.id, dimensions.subTypeId))
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificateSubTypes.certificateTypeId))
    .innerJoin(owners, eq(owners.id, certificateTypes.ownerId));
}

export async function selectDimensions(db: Executor, options: { subTypeId: number; scope: OwnerScope }) {
  return dimensionQuery(db)
    .where(and(eq(dimensions.subTypeId, options.subTypeId), inOwnerScope(owners.id, options.scope)))
    .orderBy(sql.raw(dimensionOrderOf('"dimensions"."name"')));
}

export async function selectDimension(db: Executor, options: { id: number; scope: OwnerScope }) {
  const [row] = await dimensionQuery(db).where(and(eq(dimensions.id, options.id), inOwnerScope(owners.id, options.scope)));
  return row;
}

export async function insertDimension(db: Executor, values: typeof dimensions.$inferInsert) {
  const [row] = await db.insert(dimensions).values(values).returning({ id: dimensions.id });
  return row.id;
}

export async function updateDimension(db: Executor, id: number, values: Partial<typeof dimensions.$inferInsert>) {
  await db.update(dimensions).set(values).where(eq(dimensions.id, id));
}

/** Dimensions nobody has given a nominal size or marked 'none' (the upgrade read none from their name), owner first. */
export async function selectDimensionsWithoutSize(db: Executor) {
  return db
    .select({ owner: owners.name, subType: certificateSubTypes.name, name: dimensions.name })
    .from(dimensions)
    .innerJoin(certificateSubTypes, eq(certificateSubTypes.id, dimensions.subTypeId))
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificateSubTypes.certificateTypeId))
    .innerJoin(owners, eq(owners.id, certificateTypes.ownerId))
    .where(isNull(dimensions.nominalUnit))
    .orderBy(owners.name, certificateSubTypes.name, dimensions.name)
    .limit(101);
}
