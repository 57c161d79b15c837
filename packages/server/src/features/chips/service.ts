import { type AddChipBody, type ChipEntry, type ChipListQuery, type ChipPage, equipmentMessages, messages } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { staffName } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { deleteEquipmentChip, insertChip, selectChipHolder, selectChipPage, selectVisibleItem, type Visibility } from './queries.ts';

interface Viewing {
  user: AuthUser;
  scope: OwnerScope;
}

const visibility = ({ user, scope }: Viewing): Visibility => ({ viewer: user, scope });

export async function listChips(db: Database, options: Viewing & { query: ChipListQuery }): Promise<ChipPage> {
  const { rows, total } = await selectChipPage(db, options.query, visibility(options));
  return {
    items: rows.map((row) => ({
      ...row,
      dateRegistered: row.dateRegistered.toISOString(),
      createdBy: staffName(row.createdBy, options.user),
    })),
    total,
    page: options.query.page,
    pageSize: options.query.pageSize,
  };
}

/**
 * POST /Chips. A chip is on one item or one user, never both and never two (spec section 8's
 * messages): on this item 'Chip is already added to this equipment'; on another item the viewer may
 * see 'Chip already added to equipment {id}'; on a user, or on an item the viewer may not see (its
 * stamped id is not theirs to learn), 'Unable to add the chip, is it already in use?'. Chips are not
 * part of the item's record history (DOMAIN.md: length, active flag, comment, certificate).
 */
export async function addChip(db: Database, options: Viewing & { body: AddChipBody }): Promise<ChipEntry> {
  const { chipId, stampedId } = options.body;
  const item = await selectVisibleItem(db, stampedId, visibility(options));
  if (!item) throw badRequest('stampedId', equipmentMessages.equipmentNotFound(stampedId));
  const holder = await selectChipHolder(db, chipId, visibility(options));
  if (holder) {
    if (holder.equipmentId === item.id) throw badRequest('chipId', messages.chipAlreadyOnThisEquipment);
    if (holder.equipmentId !== null && holder.visible && holder.stampedId) {
      throw badRequest('chipId', messages.chipAlreadyOnEquipment(holder.stampedId));
    }
    throw badRequest('chipId', messages.unableToAddChip);
  }
  try {
    const row = await insertChip(db, { chipId, equipmentId: item.id, createdBy: options.user.email });
    return { chipId: row.chipId, stampedId: item.stampedId, dateRegistered: row.dateRegistered.toISOString(), createdBy: row.createdBy };
  } catch (error) {
    // Someone registered the same chip a moment ago.
    if (isUniqueViolation(error)) throw badRequest('chipId', messages.unableToAddChip);
    throw error;
  }
}

/** DELETE /Chips/{chipId}: an item's chip (a user's chip has its own call); foreign or unknown is 404. */
export async function removeChip(db: Database, options: Viewing & { chipId: string }): Promise<void> {
  if (!(await deleteEquipmentChip(db, options.chipId, visibility(options)))) {
    throw new AppError(404, equipmentMessages.chipNotFound(options.chipId));
  }
}
