import { type EquipmentDetail, type EquipmentEvent, isInternal, messages, qrLabelText } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { effectiveAge, todayUtc, yearsBetween } from './age.ts';
import {
  type ItemRow,
  selectChips,
  selectEvents,
  selectHistory,
  selectItemByChip,
  selectItemByStampedId,
  selectTags,
  updateHidden,
  type Visibility,
} from './queries.ts';

interface Viewing {
  user: AuthUser;
  scope: OwnerScope;
}

const oneDecimal = (years: number) => Math.round(years * 10) / 10;

/** Everything the page shows about one item; staff names only for internal viewers (docs/security.md rule 5). */
async function presentDetail(db: Executor, item: ItemRow, { viewer, scope }: Visibility): Promise<EquipmentDetail> {
  const [chipRows, tags, history, eventRows] = await Promise.all([
    selectChips(db, item.id),
    selectTags(db, item.stampedId),
    selectHistory(db, item.id, scope),
    selectEvents(db, item.id),
  ]);
  const staff = isInternal(viewer);
  const today = todayUtc();
  const eventList: EquipmentEvent[] = eventRows.map(({ statusId, statusName, statusColor, responsible, ...row }) => ({
    ...row,
    status: statusId === null || statusName === null ? null : { id: statusId, name: statusName, color: statusColor ?? 'none' },
    responsible: staff ? responsible : null,
  }));
  const age = effectiveAge({ dateSigned: item.dateSigned, events: eventList, today });
  const certificate =
    item.certificateId === null || !item.owner || !item.type || !item.subType || !item.dimension
      ? null
      : {
          id: item.certificateId,
          certificateNumber: item.certificateNumber ?? '',
          owner: item.owner,
          type: item.type,
          subType: item.subType,
          dimension: item.dimension,
          quality: item.quality,
          manufacturer: item.manufacturer,
          certifiedToCode: item.certifiedToCode,
          dateSigned: item.dateSigned,
          color: item.color ?? 'none',
          age: item.dateSigned ? oneDecimal(yearsBetween(item.dateSigned, today)) : null,
        };
  return {
    id: item.id,
    stampedId: item.stampedId,
    description: item.description,
    length: item.length,
    comment: item.comment,
    hidden: item.hidden,
    parentStampedId: item.parentStampedId,
    hasChildren: item.hasChildren,
    certificate,
    effectiveAge: age.shown,
    olderThanFlagYears: age.flagged,
    dateLastReset: age.dateLastReset,
    qrLabel: qrLabelText(item.stampedId, certificate?.quality, age.dateLastReset ?? certificate?.dateSigned),
    chips: chipRows.map((chip) => ({
      chipId: chip.chipId,
      dateRegistered: chip.dateRegistered.toISOString(),
      createdBy: staff ? chip.createdBy : null,
    })),
    tags,
    equipmentHistory: history.map((row) => ({ ...row, changedAt: row.changedAt.toISOString(), changedBy: staff ? row.changedBy : null })),
    events: eventList,
    lastEvent: eventList[0] ?? null,
    lastRenewal: eventList.find((event) => event.isRenewal) ?? null,
    notifications: eventList.filter((event) => event.notification),
    hasEvents: eventList.length > 0,
    hasChips: chipRows.length > 0,
  };
}

const visibility = ({ user, scope }: Viewing): Visibility => ({ viewer: user, scope });

/** GET /Equipment/{stampedId}: a foreign, unlinked-for-external or unknown item is 404 alike. */
export async function getEquipment(db: Database, options: Viewing & { stampedId: string }): Promise<EquipmentDetail> {
  const item = await selectItemByStampedId(db, options.stampedId, visibility(options));
  if (!item) throw notFound('The equipment');
  return presentDetail(db, item, visibility(options));
}

/** GET /Equipment/Chip/{chip}. */
export async function getEquipmentByChip(db: Database, options: Viewing & { chipId: string }): Promise<EquipmentDetail> {
  const item = await selectItemByChip(db, options.chipId, visibility(options));
  if (!item) throw new AppError(404, messages.noEquipmentWithChip(options.chipId));
  return presentDetail(db, item, visibility(options));
}

/** PUT /Equipment/{stampedId}/hidden/{flag}: the flag and its history row in one transaction; setting the same flag changes nothing. */
export async function setEquipmentHidden(
  db: Database,
  options: Viewing & { stampedId: string; hidden: boolean },
): Promise<EquipmentDetail> {
  return db.transaction(async (tx) => {
    const item = await selectItemByStampedId(tx, options.stampedId, visibility(options));
    if (!item) throw notFound('The equipment');
    const changed = await updateHidden(tx, { id: item.id, hidden: options.hidden, by: options.user.email });
    return presentDetail(tx, changed ? { ...item, hidden: options.hidden } : item, visibility(options));
  });
}
