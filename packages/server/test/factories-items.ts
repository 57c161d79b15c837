/** Factories for certificates, equipment items, their chips, tags and event items. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { certificates, chips, equipment, equipmentHistory, equipmentTags, eventItems } from '../src/db/schema.ts';
import { createCatalogue } from './factories-owners.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/** A certificate on a new owner's catalogue unless an owner catalogue is given. */
export async function createCertificate(
  db: Executor,
  values: Partial<typeof certificates.$inferInsert> & { catalogue?: Awaited<ReturnType<typeof createCatalogue>> } = {},
) {
  const { catalogue: given, ...rest } = values;
  const catalogue = given ?? (await createCatalogue(db));
  const [certificate] = await db
    .insert(certificates)
    .values({
      ownerId: catalogue.owner.id,
      typeId: catalogue.type.id,
      subTypeId: catalogue.subType.id,
      dimensionId: catalogue.dimension.id,
      certificateNumber: `CERT-${unique()}`,
      quality: 'R4',
      dateSigned: '2021-03-15',
      ...rest,
    })
    .returning();
  return { ...catalogue, certificate };
}

/** An item (unlinked unless a certificate id is given) with its first history row. */
export async function createEquipment(db: Executor, values: Partial<typeof equipment.$inferInsert> = {}) {
  const [item] = await db
    .insert(equipment)
    .values({
      stampedId: `EQ-${unique()}`,
      length: 120.5,
      comment: 'Studless chain segment',
      createdBy: 'certificates@test.example',
      ...values,
    })
    .returning();
  await db.insert(equipmentHistory).values({
    equipmentId: item.id,
    stampedId: item.stampedId,
    certificateId: item.certificateId,
    length: item.length,
    hidden: item.hidden,
    comment: item.comment,
    changedAt: new Date('2024-01-01T10:00:00Z'),
    changedBy: 'certificates@test.example',
  });
  return item;
}

/** A chip code of 16 letters and digits. */
export const chipCode = () => `E28011${randomBytes(5).toString('hex').toUpperCase()}`;

export async function createChip(db: Executor, values: { equipmentId?: number; userId?: number; chipId?: string }) {
  const [chip] = await db
    .insert(chips)
    .values({
      chipId: values.chipId ?? chipCode(),
      equipmentId: values.equipmentId,
      userId: values.userId,
      createdBy: 'events@test.example',
    })
    .returning();
  return chip;
}

export async function createTag(db: Executor, stampedId: string, tag = 'Quarantine', color = 'danger') {
  const [row] = await db.insert(equipmentTags).values({ stampedId, tag, color }).returning();
  return row;
}

export async function createEventItem(db: Executor, values: typeof eventItems.$inferInsert) {
  const [row] = await db.insert(eventItems).values(values).returning();
  return row;
}

/** Moves an item to another certificate (another owner's) at `changedAt`, with its history row, as the certificate editor does. */
export async function moveEquipment(db: Executor, item: typeof equipment.$inferSelect, certificateId: number, changedAt: Date) {
  await db.update(equipment).set({ certificateId }).where(eq(equipment.id, item.id));
  await db.insert(equipmentHistory).values({
    equipmentId: item.id,
    stampedId: item.stampedId,
    certificateId,
    length: item.length,
    hidden: item.hidden,
    comment: item.comment,
    changedAt,
    changedBy: 'certificates@test.example',
  });
}
