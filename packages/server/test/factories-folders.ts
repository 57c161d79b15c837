/** Factories for the folders tests: a rig with a project, an event type with statuses, items using a status. */
import { randomBytes } from 'node:crypto';
import type { StatusMeaning } from '@portal/contract';
import type { Executor } from '../src/db/client.ts';
import { equipment, eventItems } from '../src/db/schema.ts';
import { createEvent, createFolder } from './factories.ts';

const unique = () => randomBytes(4).toString('hex');

export async function createEventTypeWithStatuses(
  db: Executor,
  statuses: { name: string; color?: string; isDefault?: boolean; meaning?: StatusMeaning }[],
) {
  const type = await createFolder(db, 'eventType', { name: `Type ${unique()}` });
  const children = [];
  for (const [sortOrder, status] of statuses.entries()) {
    children.push(
      await createFolder(db, 'status', {
        parentId: type.id,
        name: status.name,
        color: status.color ?? 'default',
        isDefault: status.isDefault ?? false,
        meaning: status.meaning ?? 'fit',
        sortOrder,
      }),
    );
  }
  return { type, statuses: children };
}

/** An event of the given type with one item whose status is given. */
export async function createItemWithStatus(db: Executor, options: { typeId: number; statusId: number }) {
  const event = await createEvent(db, { typeId: options.typeId });
  const [item] = await db
    .insert(equipment)
    .values({ stampedId: `FT-${unique()}` })
    .returning();
  const [eventItem] = await db
    .insert(eventItems)
    .values({ eventId: event.id, equipmentId: item.id, sequence: 1, statusId: options.statusId })
    .returning();
  return { event, equipment: item, eventItem };
}
