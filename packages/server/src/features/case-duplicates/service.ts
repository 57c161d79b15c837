/**
 * Case duplicates (docs/event-items.md "Stamped ids"): the list, and the rename that resolves a
 * pair. Merging two items is not offered: their histories and events stay apart.
 */
import { type CaseDuplicateItem, type CaseDuplicateList, caseDuplicateMessages as m, type OwnerRef } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

function present(row: q.CaseDuplicateRow): CaseDuplicateItem {
  return {
    id: row.id,
    stampedId: row.stampedId,
    marked: row.marked,
    hidden: row.hidden,
    certificate:
      row.certificateId === null
        ? null
        : {
            id: row.certificateId,
            // A certificate always has an owner (inner by its foreign key, left joined for unlinked items).
            certificateNumber: row.certificateNumber as string,
            owner: {
              id: row.ownerId as number,
              name: row.ownerName as string,
              shortCode: row.ownerShortCode as string,
              label: row.ownerLabel as OwnerRef['label'],
            },
          },
    eventCount: row.eventCount,
    lastEventDate: row.lastEventDate,
  };
}

export async function listCaseDuplicates(db: Database, { user, scope }: Caller): Promise<CaseDuplicateList> {
  const rows = await q.selectCaseDuplicates(db, { viewer: user, scope });
  const groups = new Map<string, CaseDuplicateItem[]>();
  for (const row of rows) {
    const key = row.stampedId.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), present(row)]);
  }
  return { groups: [...groups.values()].map((items) => ({ items })) };
}

export function renameCaseDuplicate(db: Database, options: Caller & { id: number; stampedId: string }) {
  const { user, scope, id, stampedId } = options;
  return db
    .transaction(async (tx) => {
      const item = await q.lockCaseDuplicate(tx, id, { viewer: user, scope });
      if (!item) throw notFound(m.notFound);
      if (await q.stampedIdTakenByOther(tx, id, stampedId)) throw badRequest('stampedId', m.taken(stampedId));
      await q.renameItem(tx, { id, from: item.stampedId, to: stampedId, by: user.email });
      return { id, stampedId };
    })
    .catch((error: unknown) => {
      // Someone took the id between the check and the write (the unique index).
      if (isUniqueViolation(error)) throw badRequest('stampedId', m.taken(stampedId));
      throw error;
    });
}
