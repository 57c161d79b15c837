/**
 * GET /Events/{id}/chips: one page of the event's items as chip rows (docs/events.md "Event detail"),
 * in one statement. The page's items walk event_items_event_sequence_idx and stop at the page; each
 * row's equipment, certificate and names are joined by key, and its images, flagging events and tags
 * are JSON subqueries of that row only. Its effective age needs only its latest renewal or reset-age
 * event: one backward probe of the maintained equipment_age_events (decision 056), where walking the
 * item's ~11 event items and their events read 1,250 of a page's 2,000 buffers. The total is the
 * maintained count (event_item_counts) unless a filter is on; a missing event answers no row (404).
 * Before: 8 statements in 4 round trips (event, ids, rows and count, four extras).
 * An item outside the caller's owners is a row with its place and stamped id only: its facts are
 * not read (`v.own`), and the status, notification and inactive filters never match it (rule 17).
 */
import {
  type AgeEvent,
  type EventChipPage,
  type EventDetailChipRow,
  effectiveAge,
  type eventChipsQuery,
  todayUtc,
  yearsBetween,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { certificateNamesOfQ } from '../../db/event-item-rows.ts';
import { bool, date, int, list, num, readRow, renderRead, text } from '../../db/read.ts';
import { coversEveryOwner } from '../../db/scope.ts';
import { fileUrl } from '../../http/downloads.ts';
import { notFound } from '../../http/errors.ts';

type Query = z.output<typeof eventChipsQuery>;

/** The detail's filter menu and search, on the items `i` of the event; the facts filtered on are the caller's owners' only. */
function filterOf(query: Query, scope: OwnerScope): SQL | null {
  const onEquipment = (condition: SQL) => sql`exists (select 1 from equipment f where f.id = i.equipment_id and ${condition})`;
  const own = sql`exists (select 1 from equipment f left join certificates fc on fc.id = f.certificate_id
    where f.id = i.equipment_id and ${itemInScope(scope, sql`f.certificate_id`, sql`fc.owner_id`)})`;
  const byFacts = Boolean(query.status) || query.filter === 'notifications' || query.filter === 'inactive';
  const parts = [
    byFacts && !coversEveryOwner(scope) ? own : null,
    query.status ? sql`i.status_id = ${query.status}` : null,
    query.filter === 'notifications' ? sql`i.notification` : null,
    query.filter === 'inactive' ? onEquipment(sql`f.hidden`) : null,
    query.filter === 'unlinked' ? onEquipment(sql`f.certificate_id is null`) : null,
    query.search ? onEquipment(sql`strpos(lower(f.stamped_id), lower(${query.search})) > 0`) : null,
  ].filter((part): part is SQL => part !== null);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/** Facts of another owner's item are not read (`v.own`). */
const own = (column: string) => sql.raw(`case when v.own then ${column} end`);

async function selectChipPage(db: Executor, eventId: number, query: Query, scope: OwnerScope) {
  const filter = filterOf(query, scope);
  const where = filter ? sql`i.event_id = ev.id and ${filter}` : sql`i.event_id = ev.id`;
  const total = filter
    ? sql`(select count(*) from event_items i where ${where})::int`
    : sql`coalesce((select n from event_item_counts where event_id = ev.id), 0)`;
  const rows = list(
    {
      id: int(sql`p.id`),
      sequence: int(sql`p.sequence`),
      stampedId: text(sql`q.stamped_id`),
      anotherOwner: bool(sql`not v.own`),
      length: num.orNull(own('q.length')),
      hidden: bool(sql`v.own and q.hidden`),
      certificateId: int.orNull(own('q.certificate_id')),
      dateSigned: date.orNull(own('c.date_signed')),
      quality: text.orNull(own('c.quality')),
      color: text.orNull(own('c.color')),
      certifiedToCode: text.orNull(own('c.certified_to_code')),
      type: text.orNull(own('ct.name')),
      subType: text.orNull(own('cst.name')),
      dimension: text.orNull(own('d.name')),
      owner: text.orNull(own('o.name')),
      ownerLabel: text.orNull(own('o.label')),
      notification: bool(sql`v.own and p.notification`),
      comment: text.orNull(own('p.comment')),
      statusId: int.orNull(sql`s.id`),
      statusName: text.orNull(sql`s.name`),
      statusColor: text.orNull(sql`s.color`),
      files: list(
        { id: int(sql`f.id`), fileName: text(sql`f.file_name`) },
        sql`from event_item_images m join files f on f.id = m.file_id where m.event_item_id = p.id and v.own`,
        sql`m.id`,
      ),
      flagged: list(
        { eventId: int(sql`e.id`), eventDate: date(sql`e.event_date`) },
        sql`from event_items n join events e on e.id = n.event_id where n.notification and n.equipment_id = p.equipment_id and v.own`,
        sql`e.event_date desc, e.id desc`,
      ),
      tags: list(
        { tag: text(sql`g.tag`), color: text(sql`g.color`) },
        sql`from equipment_tags g where g.stamped_id = q.stamped_id and v.own`,
        sql`g.tag`,
      ),
      // The latest age-setting event (by date, then id), the only one the effective age reads.
      resetEventId: int.orNull(sql`a.event_id`),
      resetEventDate: date.orNull(sql`a.event_date`),
      resetIsRenewal: bool.orNull(sql`a.is_renewal`),
      resetResetAge: bool.orNull(sql`a.reset_age`),
      resetAgeAtReset: num.orNull(sql`a.age_at_reset`),
    },
    sql`from (select i.id, i.sequence, i.equipment_id, i.status_id, i.notification, i.comment from event_items i
            where ${where} order by i.sequence, i.id limit ${query.pageSize} offset ${query.page * query.pageSize}) p
      join equipment q on q.id = p.equipment_id
      ${certificateNamesOfQ}
      cross join lateral (select ${itemInScope(scope)} as own) v
      left join folders s on s.id = p.status_id and v.own
      left join lateral (select a.event_id, a.event_date, a.is_renewal, a.reset_age, a.age_at_reset
          from equipment_age_events a where a.equipment_id = p.equipment_id and v.own
          order by a.event_date desc, a.event_id desc limit 1) a on true`,
    sql`p.sequence, p.id`,
  );
  const read = renderRead('events.chipPage', {
    columns: { total: int(total), rows },
    from: sql`from events ev where ev.id = ${eventId}`,
  });
  return readRow(db, read);
}
type PageRow = NonNullable<Awaited<ReturnType<typeof selectChipPage>>>['rows'][number];

const oneDecimal = (years: number) => Math.round(years * 10) / 10;

function chipRow(row: PageRow, today: string): EventDetailChipRow {
  const flagged = row.flagged;
  const reset: AgeEvent | null =
    row.resetEventId === null
      ? null
      : {
          eventId: row.resetEventId,
          eventDate: row.resetEventDate as string,
          isRenewal: row.resetIsRenewal as boolean,
          resetAge: row.resetResetAge as boolean,
          ageAtReset: row.resetAgeAtReset,
        };
  return {
    id: row.id,
    sequence: row.sequence,
    stampedId: row.stampedId,
    length: row.length,
    subType: row.subType,
    type: row.type,
    owner: row.owner,
    ownerLabel: row.ownerLabel,
    dimension: row.dimension,
    quality: row.quality,
    color: row.color,
    age: row.dateSigned ? oneDecimal(yearsBetween(row.dateSigned, today)) : null,
    effectiveAge: effectiveAge({ dateSigned: row.dateSigned, today, events: reset ? [reset] : [] }).shown,
    certifiedToCode: row.certifiedToCode,
    // Another owner's item is linked (unlinked items have no owner), though its certificate is not read.
    linked: row.certificateId !== null || row.anotherOwner,
    active: !row.hidden,
    notifications: row.notification,
    notificationsAmount: flagged.length,
    status: row.statusId === null ? null : { id: row.statusId, name: row.statusName ?? '', color: row.statusColor ?? 'default' },
    comment: row.comment,
    files: row.files.map((f) => ({ id: f.id, fileName: f.fileName, url: fileUrl(f.id) })),
    notificationEvents: flagged,
    tags: row.tags,
    anotherOwner: row.anotherOwner,
  };
}

/** GET /Events/{id}/chips: one page of the event's items, by sequence. */
export async function eventChipPage(db: Executor, eventId: number, query: Query, scope: OwnerScope): Promise<EventChipPage> {
  const found = await selectChipPage(db, eventId, query, scope);
  if (!found) throw notFound('The event');
  const today = todayUtc();
  return { items: found.rows.map((row) => chipRow(row, today)), total: found.total, page: query.page, pageSize: query.pageSize };
}
