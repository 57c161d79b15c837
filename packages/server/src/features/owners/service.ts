/**
 * Owners and the certificate catalogue (owner -> type -> sub-type -> dimension). Reads are limited
 * to the caller's owners: anything outside answers 404, exactly like something that does not exist.
 * Names are unique within their parent (case-insensitive, like the unique indexes): a clash answers
 * 400 on `name` and writes nothing.
 */
import {
  type CatalogueRenameBody,
  type CertificateSubType,
  type CertificateSubTypeBody,
  type CertificateType,
  type CertificateTypeBody,
  catalogueMessages,
  type Dimension,
  type DimensionBody,
  type DimensionEditBody,
  type NominalUnit,
  nominalFromName,
  nominalProblem,
  type Owner,
  type OwnerBody,
  type OwnerRef,
} from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, presentAudit, updatedBy } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

interface Caller {
  user: AuthUser;
  /** The caller's owners: anything outside reads as missing. */
  scope: OwnerScope;
}

interface Write<T> {
  /** Asked first, so the usual clash never reaches the database as an error. */
  taken: () => Promise<boolean>;
  clash: string;
  run: () => Promise<T>;
  parent?: { field: string; message: string };
  /** A second unique field besides the name (an owner's short code), checked the same way. */
  alsoUnique?: { field: string; constraint: string; taken: () => Promise<boolean>; clash: string };
}

/**
 * A name clash answers 400 on `name` (another unique field on its own field). The unique index still
 * decides when two saves race; a parent that vanished in between answers 400 on the parent field.
 */
async function write<T>({ taken, clash, run, parent, alsoUnique }: Write<T>): Promise<T> {
  if (await taken()) throw badRequest('name', clash);
  if (alsoUnique && (await alsoUnique.taken())) throw badRequest(alsoUnique.field, alsoUnique.clash);
  try {
    return await run();
  } catch (error) {
    if (alsoUnique && isUniqueViolation(error, alsoUnique.constraint)) throw badRequest(alsoUnique.field, alsoUnique.clash);
    if (isUniqueViolation(error)) throw badRequest('name', clash);
    if (parent && isForeignKeyViolation(error)) throw badRequest(parent.field, parent.message);
    throw error;
  }
}

// ---------------------------------------------------------------- owners
/** Short codes are unique among owners, ignoring case, like names (docs/ui.md "Duplicate names"). */
const shortCodeUnique = (db: Executor, shortCode: string, exceptId?: number) => ({
  field: 'shortCode',
  constraint: 'owners_short_code_key',
  taken: () => q.ownerShortCodeTaken(db, { name: shortCode, exceptId }),
  clash: catalogueMessages.shortCodeTaken(shortCode),
});

export async function listUserOwners(db: Executor, { scope }: Pick<Caller, 'scope'>): Promise<OwnerRef[]> {
  return q.selectOwnerRefs(db, scope);
}

export async function listOwners(db: Executor, { user, scope }: Caller): Promise<Owner[]> {
  return (await q.selectOwners(db, scope)).map((row) => presentAudit(row, user));
}

export async function getOwner(db: Executor, { user, scope, id }: Caller & { id: number }): Promise<Owner> {
  const row = await q.selectOwner(db, { id, scope });
  if (!row) throw notFound('The owner');
  return presentAudit(row, user);
}

export async function createOwner(db: Executor, { user, body }: Pick<Caller, 'user'> & { body: Required<OwnerBody> }): Promise<Owner> {
  const id = await write({
    taken: () => q.ownerNameTaken(db, { name: body.name }),
    clash: catalogueMessages.ownerNameTaken(body.name),
    alsoUnique: shortCodeUnique(db, body.shortCode),
    // An Admin with an owner list gets the new owner on it, in the same transaction (docs/security.md
    // rule 22): else they would make owners they cannot see, and could not give them to anyone.
    run: () =>
      db.transaction(async (tx) => {
        const ownerId = await q.insertOwner(tx, { ...body, ...createdBy(user) });
        if (!user.allOwners) await q.insertUserOwner(tx, { userId: user.id, ownerId });
        return ownerId;
      }),
  });
  return presentAudit((await q.selectOwner(db, { id, scope: 'all' }))!, user);
}

export async function updateOwner(
  db: Executor,
  { user, scope, id, body }: Caller & { id: number; body: Required<OwnerBody> },
): Promise<Owner> {
  await getOwner(db, { user, scope, id });
  await write({
    taken: () => q.ownerNameTaken(db, { name: body.name, exceptId: id }),
    clash: catalogueMessages.ownerNameTaken(body.name),
    alsoUnique: shortCodeUnique(db, body.shortCode, id),
    run: () => q.updateOwner(db, id, { ...body, ...updatedBy(user) }),
  });
  return getOwner(db, { user, scope, id });
}

// ---------------------------------------------------------------- certificate types
export async function listTypes(db: Executor, { user, scope, ownerId }: Caller & { ownerId: number }): Promise<CertificateType[]> {
  await getOwner(db, { user, scope, id: ownerId });
  return (await q.selectTypes(db, { ownerId, scope })).map((row) => presentAudit(row, user));
}

/** One type; with ownerId it must belong to that owner. */
export async function getType(
  db: Executor,
  { user, scope, id, ownerId }: Caller & { id: number; ownerId?: number },
): Promise<CertificateType> {
  const row = await q.selectType(db, { id, ownerId, scope });
  if (!row) throw notFound('The certificate type');
  return presentAudit(row, user);
}

export async function createType(db: Executor, { user, scope, body }: Caller & { body: CertificateTypeBody }): Promise<CertificateType> {
  const parent = { field: 'owner', message: catalogueMessages.ownerNotFound };
  if (!(await q.selectOwner(db, { id: body.owner, scope }))) throw badRequest(parent.field, parent.message);
  const id = await write({
    taken: () => q.typeNameTaken(db, { name: body.name, ownerId: body.owner }),
    clash: catalogueMessages.typeNameTaken(body.name),
    run: () => q.insertType(db, { name: body.name, ownerId: body.owner, ...createdBy(user) }),
    parent,
  });
  return getType(db, { user, scope, id });
}

export async function renameType(
  db: Executor,
  { user, scope, id, body }: Caller & { id: number; body: CatalogueRenameBody },
): Promise<CertificateType> {
  const current = await getType(db, { user, scope, id });
  await write({
    taken: () => q.typeNameTaken(db, { name: body.name, ownerId: current.owner.id, exceptId: id }),
    clash: catalogueMessages.typeNameTaken(body.name),
    run: () => q.updateType(db, id, { name: body.name, ...updatedBy(user) }),
  });
  return getType(db, { user, scope, id });
}

// ---------------------------------------------------------------- sub-types
export async function listSubTypes(
  db: Executor,
  { user, scope, ownerId, typeId }: Caller & { ownerId: number; typeId: number },
): Promise<CertificateSubType[]> {
  await getType(db, { user, scope, id: typeId, ownerId });
  return (await q.selectSubTypes(db, { typeId, scope })).map((row) => presentAudit(row, user));
}

/** One sub-type; with ownerId and typeId it must sit under them. */
export async function getSubType(
  db: Executor,
  { user, scope, id, ownerId, typeId }: Caller & { id: number; ownerId?: number; typeId?: number },
): Promise<CertificateSubType> {
  const row = await q.selectSubType(db, { id, ownerId, typeId, scope });
  if (!row) throw notFound('The sub-type');
  return presentAudit(row, user);
}

export async function createSubType(
  db: Executor,
  { user, scope, body }: Caller & { body: CertificateSubTypeBody },
): Promise<CertificateSubType> {
  const parent = { field: 'certificateType', message: catalogueMessages.typeNotFound };
  if (!(await q.selectType(db, { id: body.certificateType, scope }))) throw badRequest(parent.field, parent.message);
  const id = await write({
    taken: () => q.subTypeNameTaken(db, { name: body.name, typeId: body.certificateType }),
    clash: catalogueMessages.subTypeNameTaken(body.name),
    run: () => q.insertSubType(db, { name: body.name, certificateTypeId: body.certificateType, ...createdBy(user) }),
    parent,
  });
  return getSubType(db, { user, scope, id });
}

export async function renameSubType(
  db: Executor,
  { user, scope, id, body }: Caller & { id: number; body: CatalogueRenameBody },
): Promise<CertificateSubType> {
  const current = await getSubType(db, { user, scope, id });
  await write({
    taken: () => q.subTypeNameTaken(db, { name: body.name, typeId: current.certificateType.id, exceptId: id }),
    clash: catalogueMessages.subTypeNameTaken(body.name),
    run: () => q.updateSubType(db, id, { name: body.name, ...updatedBy(user) }),
  });
  return getSubType(db, { user, scope, id });
}

// ---------------------------------------------------------------- dimensions
export async function listDimensions(
  db: Executor,
  { user, scope, ownerId, typeId, subTypeId }: Caller & { ownerId: number; typeId: number; subTypeId: number },
): Promise<Dimension[]> {
  await getSubType(db, { user, scope, id: subTypeId, ownerId, typeId });
  return (await q.selectDimensions(db, { subTypeId, scope })).map((row) => presentAudit(row, user));
}

async function getDimension(db: Executor, { user, scope, id }: Caller & { id: number }): Promise<Dimension> {
  const row = await q.selectDimension(db, { id, scope });
  if (!row) throw notFound('The dimension');
  return presentAudit(row, user);
}

export async function createDimension(db: Executor, { user, scope, body }: Caller & { body: DimensionBody }): Promise<Dimension> {
  const parent = { field: 'subType', message: catalogueMessages.subTypeNotFound };
  if (!(await q.selectSubType(db, { id: body.subType, scope }))) throw badRequest(parent.field, parent.message);
  // Without nominal fields a new dimension takes them from its name, as the upgrade did ('84 mm').
  const given = body.nominalSize !== undefined || body.nominalUnit !== undefined;
  const nominal = given ? checkedNominal(body.nominalSize ?? null, body.nominalUnit ?? null) : nominalFromName(body.name);
  const id = await write({
    taken: () => q.dimensionNameTaken(db, { name: body.name, subTypeId: body.subType }),
    clash: catalogueMessages.dimensionNameTaken(body.name),
    run: () => q.insertDimension(db, { name: body.name, subTypeId: body.subType, ...nominal, ...createdBy(user) }),
    parent,
  });
  return getDimension(db, { user, scope, id });
}

/** The nominal pair as it will be stored, or a 400 on the field at fault (contract owners/nominal.ts). */
function checkedNominal(nominalSize: number | null, nominalUnit: NominalUnit | null) {
  const problem = nominalProblem(nominalSize, nominalUnit);
  if (problem) throw badRequest(problem.field, problem.message);
  return { nominalSize, nominalUnit };
}

export async function renameDimension(
  db: Executor,
  { user, scope, id, body }: Caller & { id: number; body: DimensionEditBody },
): Promise<Dimension> {
  const current = await getDimension(db, { user, scope, id });
  // Absent fields keep their values (a client of the spec's rename sends the name only); null clears.
  const nominal = checkedNominal(
    body.nominalSize === undefined ? current.nominalSize : body.nominalSize,
    body.nominalUnit === undefined ? current.nominalUnit : body.nominalUnit,
  );
  await write({
    taken: () => q.dimensionNameTaken(db, { name: body.name, subTypeId: current.subType.id, exceptId: id }),
    clash: catalogueMessages.dimensionNameTaken(body.name),
    run: () => q.updateDimension(db, id, { name: body.name, ...nominal, ...updatedBy(user) }),
  });
  return getDimension(db, { user, scope, id });
}
