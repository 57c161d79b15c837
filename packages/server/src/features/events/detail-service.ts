/**
 * The event detail: header, chip rows, summary, and an equipment item's events (docs/events.md
 * "Event detail"). Ages follow docs/equipment-age.md (the contract's `effectiveAge`).
 */
import type { EquipmentEventEntry, EventDetails, EventEquipmentHistory, EventEquipmentSummary } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { presentAudit, screenAudit } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { selectSignOff } from '../../db/seals.ts';
import { fileUrl } from '../../http/downloads.ts';
import { notFound } from '../../http/errors.ts';
import * as q from './detail-queries.ts';

const num = (value: string | number | null) => (value === null ? null : Number(value));

/** Most severe first: the details' status is the worst finding of the event (ranked in detail-queries.ts). */
const severity = ['danger', 'warning', 'primary', 'info', 'success', 'default', 'none'];

/** GET /Events/{id}/Details. */
export async function eventDetails(
  db: Executor,
  id: number,
  { user: viewer, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<EventDetails> {
  const details = await q.selectDetails(db, id, severity, scope);
  if (!details) throw notFound('The event');
  const { file, ...rest } = details;
  const signOff = await selectSignOff(db, id);
  return screenAudit({ ...rest, files: file ? [{ ...file, url: fileUrl(file.id) }] : [], signOff }, viewer);
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/** GET /Events/{id}/EquipmentSummary. */
export async function eventSummary(db: Executor, id: number, scope: OwnerScope): Promise<EventEquipmentSummary> {
  const { found, totals, statuses, groups } = await q.selectSummary(db, id, scope);
  if (!found) throw notFound('The event');
  const byType = groupBy(groups, (g) => g.type ?? 'Unlinked');
  return {
    totalAmount: totals.total,
    hasNotifications: totals.notifications > 0,
    notifications: totals.notifications,
    hasInactive: totals.inactive > 0,
    inActive: totals.inactive,
    hasUnlinked: totals.unlinked > 0,
    unlinked: totals.unlinked,
    statuses: statuses.map((s) => ({ id: s.id, name: s.name ?? 'No status', color: s.color ?? 'none', amount: s.amount })),
    rows: [...byType].map(([name, entries]) => ({
      name,
      amount: entries.reduce((sum, e) => sum + e.amount, 0),
      rowKey: `type:${name}`,
      entries: entries.map((e) => ({
        amount: e.amount,
        color: e.color,
        dimension: e.dimension,
        quality: e.quality,
        subType: e.sub_type,
        length: num(e.length),
      })),
    })),
  };
}

async function equipmentEvents(db: Executor, equipmentId: number, scope: OwnerScope): Promise<EquipmentEventEntry[]> {
  const { rows, images } = await q.selectEquipmentEvents(db, equipmentId, scope);
  const byItem = groupBy(images, (image) => image.eventItemId);
  return rows.map((row) => ({
    eventId: row.eventId,
    eventDate: row.eventDate,
    type: row.type,
    location: row.location,
    rig: row.rig,
    project: row.project,
    responsible: row.responsible,
    company: row.company,
    eventComment: row.eventComment,
    otherInfo: row.otherInfo,
    status: row.statusId === null ? null : { id: row.statusId, name: row.statusName ?? '', color: row.statusColor ?? 'default' },
    category: row.category,
    isRenewal: row.isRenewal,
    resetAge: row.resetAge,
    ageAtReset: row.ageAtReset,
    notifications: row.notification,
    files: (byItem.get(row.eventItemId) ?? []).map((f) => ({ id: f.id, fileName: f.fileName, url: fileUrl(f.id) })),
    timeAgo: Math.max(0, row.days),
    formerOwner: row.former,
    signOff:
      row.signedBy === null
        ? null
        : {
            signedBy: row.signedBy,
            qualification: row.qualification ?? '',
            company: row.signedCompany ?? '',
            signedAt: row.signedAt ?? '',
          },
  }));
}

/** GET /Events/{equipmentId}/EventEquipmentHistory: foreign owners' items answer 404. */
export async function equipmentHistory(
  db: Executor,
  equipmentId: number,
  { user, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<EventEquipmentHistory> {
  const item = await q.selectVisibleEquipment(db, { id: equipmentId }, scope);
  if (!item) throw notFound('The equipment');
  const audited = presentAudit(
    { createdBy: item.createdBy, createdAt: new Date(item.createdAt), updatedBy: item.updatedBy, updatedAt: new Date(item.updatedAt) },
    user,
  );
  return { equipmentId: item.id, stampedId: item.stampedId, ...audited, events: await equipmentEvents(db, item.id, scope) };
}

/** GET /Events/{stampedId}/Equipment. */
export async function eventsOfStampedId(db: Executor, stampedId: string, scope: OwnerScope): Promise<EquipmentEventEntry[]> {
  const item = await q.selectVisibleEquipment(db, { stampedId }, scope);
  if (!item) throw notFound('The equipment');
  return equipmentEvents(db, item.id, scope);
}
