/**
 * Unlinked equipment (/Admin/Unlinked): items without a certificate, for internal staff of
 * Certificates level. They have no owner, so every such user sees them; a certificate they link to
 * must be one of their owners' (docs/unlinked.md).
 */
import { type UnlinkedItem, type UnlinkedPage, type unlinkedBody, unlinkedMessages, type unlinkedQuery } from '@portal/contract';
import type { z } from 'zod';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { presentAudit } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

export async function listUnlinked(
  db: Executor,
  { user, query }: { user: AuthUser; query: z.output<typeof unlinkedQuery> },
): Promise<UnlinkedPage> {
  const { items, total } = await q.selectUnlinkedPage(
    db,
    { page: query.Page, pageSize: query.PageSize, search: query.Search || undefined, hasNoEvents: query.HasNoEvents },
    user,
  );
  return {
    equipment: items,
    unlinkedPagingInfo: { amountOfPages: Math.ceil(total / query.PageSize), page: query.Page, pageSize: query.PageSize, total },
  };
}

const orNull = (text: string | null | undefined) => (text ? text : null);

/**
 * Sets length and comment, or links the item to a certificate (it then leaves the list), in one
 * transaction with its history row. Nothing changed writes nothing.
 */
export async function updateUnlinked(
  db: Executor,
  { user, scope, id, body }: { user: AuthUser; scope: OwnerScope; id: number; body: z.output<typeof unlinkedBody> },
): Promise<UnlinkedItem> {
  await db.transaction(async (tx) => {
    const row = await q.lockUnlinked(tx, id);
    if (!row) throw notFound(unlinkedMessages.notFound);
    const certificateId = body.certificateId ?? null;
    if (certificateId !== null && !(await q.certificateInScope(tx, { id: certificateId, scope }))) {
      throw badRequest('certificateId', unlinkedMessages.certificateNotFound);
    }
    const next = {
      length: body.length === undefined ? row.length : body.length,
      comment: body.comment === undefined ? row.comment : orNull(body.comment),
      certificateId,
    };
    const changed = next.length !== row.length || next.comment !== row.comment || next.certificateId !== null;
    if (changed) await q.writeUnlinkedChange(tx, { id, stampedId: row.stampedId, hidden: row.hidden, ...next, by: user.email });
  });
  const [row] = await q.selectUnlinkedRows(db, { ids: [id], unlinkedOnly: false });
  return presentAudit(row, user);
}

/** Deletes an unlinked item no event has inspected: event items are evidence and stay (409). */
export async function deleteUnlinked(db: Executor, { id }: { id: number }): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (!(await q.lockUnlinked(tx, id))) throw notFound(unlinkedMessages.notFound);
      if ((await q.countEventItems(tx, id)) > 0) throw conflict(unlinkedMessages.hasEvents);
      await q.deleteEquipment(tx, id);
    });
  } catch (error) {
    // An event item added after the check still holds the item (event_items does not cascade).
    if (!(error instanceof AppError) && isForeignKeyViolation(error)) throw conflict(unlinkedMessages.hasEvents);
    throw error;
  }
}
