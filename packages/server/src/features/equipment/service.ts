import {
  type EquipmentDetail,
  type EquipmentEvent,
  type EquipmentWear,
  effectiveAge,
  isInspection,
  messages,
  qrLabelText,
  renews,
  todayUtc,
  yearsBetween,
} from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { staffName } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { selectWear } from '../../db/wear.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type DetailRow, selectDetailByChip, selectDetailByStampedId, updateHidden, type Visibility } from './queries.ts';

interface Viewing {
  user: AuthUser;
  scope: OwnerScope;
}

const oneDecimal = (years: number) => Math.round(years * 10) / 10;

/** Everything the page shows about one item; staff names only for internal viewers (docs/security.md rule 5). */
function presentDetail(item: DetailRow, { viewer }: Visibility, wear: EquipmentWear | null): EquipmentDetail {
  const today = todayUtc();
  const eventList: EquipmentEvent[] = item.events.map((event) => ({ ...event, responsible: staffName(event.responsible, viewer) }));
  // A renewal resets the age only where it renewed the item (docs/due-dates.md).
  const ageEvents = eventList.map((event) => ({ ...event, isRenewal: renews(event) }));
  const age = effectiveAge({ dateSigned: item.certificate?.dateSigned ?? null, events: ageEvents, today });
  const signed = item.certificate?.dateSigned;
  const certificate = item.certificate && { ...item.certificate, age: signed ? oneDecimal(yearsBetween(signed, today)) : null };
  return {
    rowId: item.id,
    stampedId: item.stampedId,
    description: item.description,
    length: item.length,
    comment: item.comment,
    hidden: item.hidden,
    parentStampedId: item.parentStampedId,
    hasChildren: item.hasChildren,
    certificateId: item.certificateId,
    certificate,
    effectiveAge: age.shown,
    olderThanFlagYears: age.flagged,
    dateLastReset: age.dateLastReset,
    qrLabel: qrLabelText(item.stampedId, certificate?.quality, age.dateLastReset ?? certificate?.dateSigned),
    chips: item.chips.map((chip) => ({ ...chip, createdBy: staffName(chip.createdBy, viewer) })),
    tags: item.tags,
    equipmentHistory: item.history.map((row) => ({ ...row, changedBy: staffName(row.changedBy, viewer) })),
    events: eventList,
    lastEvent: eventList[0] ?? null,
    lastInspection: eventList.find((event) => isInspection(event.status?.meaning)) ?? null,
    lastRenewal: eventList.find(renews) ?? null,
    notifications: eventList.filter((event) => event.notification),
    hasEvents: eventList.length > 0,
    hasChips: item.chips.length > 0,
    wear,
  };
}

/**
 * The detail with its wear trend (db/wear.ts), read after the item so a foreign one costs nothing more,
 * and only for an item measured at least twice: the others' page stays one statement.
 */
async function detail(db: Executor, item: DetailRow, view: Visibility): Promise<EquipmentDetail> {
  return presentDetail(item, view, item.measuredEventItems >= 2 ? await selectWear(db, item.id, view.scope) : null);
}

const visibility = ({ user, scope }: Viewing): Visibility => ({ viewer: user, scope });

/** GET /Equipment/{stampedId}: a foreign, unlinked-for-external or unknown item is 404 alike. */
export async function getEquipment(db: Database, options: Viewing & { stampedId: string }): Promise<EquipmentDetail> {
  const item = await selectDetailByStampedId(db, options.stampedId, visibility(options));
  if (!item) throw notFound('The equipment');
  return detail(db, item, visibility(options));
}

/** GET /Equipment/Chip/{chip}. */
export async function getEquipmentByChip(db: Database, options: Viewing & { chipId: string }): Promise<EquipmentDetail> {
  const item = await selectDetailByChip(db, options.chipId, visibility(options));
  if (!item) throw new AppError(404, messages.noEquipmentWithChip(options.chipId));
  return detail(db, item, visibility(options));
}

/** PUT /Equipment/{stampedId}/hidden/{flag}: the flag and its history row in one transaction; setting the same flag changes nothing. */
export async function setEquipmentHidden(
  db: Database,
  options: Viewing & { stampedId: string; hidden: boolean },
): Promise<EquipmentDetail> {
  return db.transaction(async (tx) => {
    const item = await selectDetailByStampedId(tx, options.stampedId, visibility(options));
    if (!item) throw notFound('The equipment');
    // Read again after a change: the flag and its new history row.
    const changed = await updateHidden(tx, { id: item.id, hidden: options.hidden, by: options.user.email });
    const after = changed ? await selectDetailByStampedId(tx, options.stampedId, visibility(options)) : item;
    return detail(tx, after ?? item, visibility(options));
  });
}
