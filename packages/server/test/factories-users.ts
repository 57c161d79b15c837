/** Factories for the user administration tests: chips on equipment and on users, 16 characters each. */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client.ts';
import { chips, equipment } from '../src/db/schema.ts';

/** A fresh 16-character chip code, shaped like the demo data's (E28011 + 10 hex digits). */
export const newChipCode = () => `E28011${randomBytes(5).toString('hex').toUpperCase()}`;

/** An unlinked equipment item carrying a chip. */
export async function createEquipmentChip(db: Executor, chipId = newChipCode()) {
  const [item] = await db
    .insert(equipment)
    .values({ stampedId: `CH-${randomBytes(4).toString('hex')}` })
    .returning();
  await db.insert(chips).values({ chipId, equipmentId: item.id, createdBy: 'certificates@test.example' });
  return { chipId, equipmentId: item.id, stampedId: item.stampedId };
}

export async function createUserChip(db: Executor, userId: number, chipId = newChipCode()) {
  await db.insert(chips).values({ chipId, userId, createdBy: 'sysadmin@test.example' });
  return chipId;
}
