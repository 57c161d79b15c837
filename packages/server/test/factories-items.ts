/** Factories for certificates, equipment items, their chips, tags and event items. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { certificates, chips, equipment, equipmentHistory, equipmentTags, eventItems } from '../src/db/schema.ts';
import { createEvent, createFolder } from './factories.ts';
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

/**
 * An item inspected on certificate `from` (its former owner's) and then moved to certificate `to`
 * (docs/security.md rule 28): one event on 'Former rig' at 'Former yard' whose item, recorded on
 * 2024-03-01, carries the status 'Checked' and the comment 'Former finding'; moved on 2024-06-01.
 */
export async function createMovedItem(db: Executor, options: { stampedId: string; from: number; to: number }) {
  const item = await createEquipment(db, { stampedId: options.stampedId, certificateId: options.from });
  const type = await createFolder(db, 'eventType', { name: 'Former inspection' });
  const status = await createFolder(db, 'status', { name: 'Checked', color: 'warning', parentId: type.id });
  const rig = await createFolder(db, 'rig', { name: 'Former rig' });
  const event = await createEvent(db, { typeId: type.id, rigId: rig.id, eventDate: '2024-03-01', eventLocation: 'Former yard' });
  const recorded = new Date('2024-03-01T10:00:00Z');
  await createEventItem(db, {
    eventId: event.id,
    equipmentId: item.id,
    sequence: 1,
    statusId: status.id,
    comment: 'Former finding',
    createdAt: recorded,
  });
  await moveEquipment(db, item, options.to, new Date('2024-06-01T10:00:00Z'));
  return { item, event, status };
}
