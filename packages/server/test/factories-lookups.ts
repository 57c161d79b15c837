/** Factories for the look-up and unlinked equipment tests: certificates with items, unlinked items, event items. */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client.ts';
import { certificates, equipment, eventItems } from '../src/db/schema.ts';
import { createEvent } from './factories.ts';
import { createCatalogue } from './factories-owners.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/** A certificate on a new owner's catalogue (Chain -> Studless R4 -> 84 mm unless named). */
export async function createLookupCertificate(db: Executor, values: { certificateNumber?: string; owner?: string; type?: string } = {}) {
  const catalogue = await createCatalogue(db, { owner: values.owner, type: values.type });
  const [certificate] = await db
    .insert(certificates)
    .values({
      ownerId: catalogue.owner.id,
      typeId: catalogue.type.id,
      subTypeId: catalogue.subType.id,
      dimensionId: catalogue.dimension.id,
      certificateNumber: values.certificateNumber ?? `CERT-${unique()}`,
      quality: 'R4',
      dateSigned: '2022-03-14',
    })
    .returning();
  return { ...catalogue, certificate };
}

/** An equipment item, unlinked unless a certificate is given. */
export async function createItem(
  db: Executor,
  values: { stampedId?: string; certificateId?: number | null; length?: number; comment?: string } = {},
) {
  const [item] = await db
    .insert(equipment)
    .values({
      stampedId: values.stampedId ?? `UL-${unique()}`,
      certificateId: values.certificateId ?? null,
      length: values.length,
      comment: values.comment,
    })
    .returning();
  return item;
}

/** An event that inspected the item (its evidence). */
export async function inspect(db: Executor, equipmentId: number) {
  const event = await createEvent(db);
  await db.insert(eventItems).values({ eventId: event.id, equipmentId, sequence: 1 });
  return event;
}
