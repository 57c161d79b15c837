/** Factories for the certificate catalogue: type -> sub-type -> dimension under an owner. */

import { randomBytes } from 'node:crypto';
import { nominalFromName } from '@portal/contract';
import type { Executor } from '../src/db/client.ts';
import { certificateSubTypes, certificateTypes, dimensions } from '../src/db/schema.ts';
import { createOwner } from './factories.ts';

const unique = () => randomBytes(4).toString('hex');

export async function createCertificateType(db: Executor, ownerId: number, values: Partial<typeof certificateTypes.$inferInsert> = {}) {
  const [row] = await db
    .insert(certificateTypes)
    .values({ ownerId, name: `Type ${unique()}`, ...values })
    .returning();
  return row;
}

export async function createCertificateSubType(
  db: Executor,
  certificateTypeId: number,
  values: Partial<typeof certificateSubTypes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(certificateSubTypes)
    .values({ certificateTypeId, name: `Sub-type ${unique()}`, ...values })
    .returning();
  return row;
}

/** A dimension; named '<number> mm' (or t, in), it takes its nominal size from the name as the API does. */
export async function createDimension(db: Executor, subTypeId: number, values: Partial<typeof dimensions.$inferInsert> = {}) {
  const name = values.name ?? `${Math.floor(Math.random() * 200)} mm ${unique()}`;
  const [row] = await db
    .insert(dimensions)
    .values({ subTypeId, name, ...nominalFromName(name), ...values })
    .returning();
  return row;
}

/** One owner with one path down the catalogue: Chain -> Studless R4 -> 84 mm unless named otherwise. */
export async function createCatalogue(db: Executor, names: { owner?: string; type?: string; subType?: string; dimension?: string } = {}) {
  const owner = await createOwner(db, names.owner ? { name: names.owner } : {});
  const type = await createCertificateType(db, owner.id, { name: names.type ?? 'Chain' });
  const subType = await createCertificateSubType(db, type.id, { name: names.subType ?? 'Studless R4' });
  const dimension = await createDimension(db, subType.id, { name: names.dimension ?? '84 mm' });
  return { owner, type, subType, dimension };
}
