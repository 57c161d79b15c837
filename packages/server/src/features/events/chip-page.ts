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
import { defineRead, int, json, readRow } from '../../db/read.ts';
import { coversEveryOwner, preparedScope } from '../../db/scope.ts';
import { fileUrl } from '../../http/downloads.ts';
import { notFound } from '../../http/errors.ts';

type Query = z.output<typeof eventChipsQuery>;

type PageRow = {
  id: number;
  sequence: number;
  stamped_id: string;
  length: number | null;
  hidden: boolean;
  certificate_id: number | null;
  date_signed: string | null;
  quality: string | null;
  color: string | null;
  certified_to_code: string | null;
  type: string | null;
  sub_type: string | null;
  dimension: string | null;
  owner: string | null;
  owner_label: string | null;
  notification: boolean;
  comment: string | null;
  status: { id: number; name: string | null; color: string | null } | null;
  files: { id: number; fileName: string }[] | null;
  flagged: { eventId: number; eventDate: string }[] | null;
  tags: { tag: string; color: string }[] | null;
  /** The latest age-setting event (by date, then id), the only one the effective age reads. */
  reset: AgeEvent | null;
  another_owner: boolean;
};

/** The detail's filter menu and search, on the items `i` of the event; the facts filtered on are the caller's owners' only. */
function filterOf(query: Query, scope: OwnerScope): SQL | null {
  const onEquipment = (condition: SQL) => sql`exists (select 1 from equipment f where f.id = i.equipment_id and ${condition})`;
  const owned = preparedScope(sql`fc.owner_id`, scope).where;
  const own = sql`exists (select 1 from equipment f left join certificates fc on fc.id = f.certificate_id
    where f.id = i.equipment_id and ${itemInScope('all', sql`f.certificate_id`, sql`fc.owner_id`, owned)})`;
  const byFacts = Boolean(query.status) || query.filter === 'notifications' || query.filter === 'inactive';
  const parts = [
    byFacts && !coversEveryOwner(scope) ? own : null,
    query.status ? sql`i.status_id = ${sql.placeholder('status')}` : null,
    query.filter === 'notifications' ? sql`i.notification` : null,
    query.filter === 'inactive' ? onEquipment(sql`f.hidden`) : null,
    query.filter === 'unlinked' ? onEquipment(sql`f.certificate_id is null`) : null,
    query.search ? onEquipment(sql`strpos(lower(f.stamped_id), lower(${sql.placeholder('search')})) > 0`) : null,
  ].filter((part): part is SQL => part !== null);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/**
 * The page's read, built once per variant (decision 090): the owner scope's kind and which filters are
 * on name it; the event, the filters' values, the owners and the window are placeholders.
 */
function chipPageRead(query: Query, scope: OwnerScope) {
  const owners = preparedScope(sql`c.owner_id`, scope);
  const variant = [owners.key, query.status ? 'status' : '', query.filter ?? '', query.search ? 'search' : ''].join('.');
  return defineRead(`events.chips.${variant}`, () => chipPageParts(query, scope, owners.where));
}

function chipPageParts(query: Query, scope: OwnerScope, owned: SQL | undefined) {
  const filter = filterOf(query, scope);
  const where = filter ? sql`i.event_id = ev.id and ${filter}` : sql`i.event_id = ev.id`;
  const total = filter
    ? sql`(select count(*) from event_items i where ${where})::int`
    : sql`coalesce((select n from event_item_counts where event_id = ev.id), 0)`;
  return {
    columns: {
      total: int(total),
      rows: json<PageRow[]>(sql`coalesce((select json_agg(r order by r.sequence, r.id) from (
      select p.id::int as id, p.sequence, q.stamped_id, not v.own as another_owner,
        case when v.own then q.length end as length, v.own and q.hidden as hidden, case when v.own then q.certificate_id end as certificate_id,
        case when v.own then c.date_signed::text end as date_signed, case when v.own then c.quality end as quality,
        case when v.own then c.color end as color, case when v.own then c.certified_to_code end as certified_to_code,
        case when v.own then ct.name end as type, case when v.own then cst.name end as sub_type, case when v.own then d.name end as dimension,
        case when v.own then o.name end as owner, case when v.own then o.label end as owner_label,
        v.own and p.notification as notification, case when v.own then p.comment end as comment,
        case when s.id is not null then json_build_object('id', s.id, 'name', s.name, 'color', s.color) end as status,
        case when v.own then (select json_agg(json_build_object('id', f.id, 'fileName', f.file_name) order by m.id)
          from event_item_images m join files f on f.id = m.file_id where m.event_item_id = p.id) end as files,
        case when v.own then (select json_agg(json_build_object('eventId', e.id, 'eventDate', e.event_date) order by e.event_date desc, e.id desc)
          from event_items n join events e on e.id = n.event_id where n.notification and n.equipment_id = p.equipment_id) end as flagged,
        case when v.own then (select json_agg(json_build_object('tag', g.tag, 'color', g.color) order by g.tag)
          from equipment_tags g where g.stamped_id = q.stamped_id) end as tags,
        case when v.own then (select json_build_object('eventId', a.event_id, 'eventDate', a.event_date, 'isRenewal', a.is_renewal,
            'resetAge', a.reset_age, 'ageAtReset', a.age_at_reset)
          from equipment_age_events a where a.equipment_id = p.equipment_id
          order by a.event_date desc, a.event_id desc limit 1) end as reset
      from (select i.id, i.sequence, i.equipment_id, i.status_id, i.notification, i.comment from event_items i
            where ${where} order by i.sequence, i.id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p
      join equipment q on q.id = p.equipment_id
      ${certificateNamesOfQ}
      cross join lateral (select ${itemInScope('all', sql`q.certificate_id`, sql`c.owner_id`, owned)} as own) v
      left join folders s on s.id = p.status_id and v.own) r), '[]')`),
    },
    from: sql`from events ev where ev.id = ${sql.placeholder('eventId')}`,
  };
}

async function selectChipPage(db: Executor, eventId: number, query: Query, scope: OwnerScope) {
  const values = {
    eventId,
    status: query.status,
    search: query.search,
    owners: preparedScope(sql`c.owner_id`, scope).owners,
    limit: query.pageSize,
    offset: query.page * query.pageSize,
  };
  return readRow(db, chipPageRead(query, scope), values);
}

const oneDecimal = (years: number) => Math.round(years * 10) / 10;

function chipRow(row: PageRow, today: string): EventDetailChipRow {
  const flagged = row.flagged ?? [];
  return {
    id: row.id,
    sequence: row.sequence,
    stampedId: row.stamped_id,
    length: row.length,
    subType: row.sub_type,
    type: row.type,
    owner: row.owner,
    ownerLabel: row.owner_label,
    dimension: row.dimension,
    quality: row.quality,
    color: row.color,
    age: row.date_signed ? oneDecimal(yearsBetween(row.date_signed, today)) : null,
    effectiveAge: effectiveAge({ dateSigned: row.date_signed, today, events: row.reset ? [row.reset] : [] }).shown,
    certifiedToCode: row.certified_to_code,
    // Another owner's item is linked (unlinked items have no owner), though its certificate is not read.
    linked: row.certificate_id !== null || row.another_owner,
    active: !row.hidden,
    notifications: row.notification,
    notificationsAmount: flagged.length,
    status: row.status && { id: row.status.id, name: row.status.name ?? '', color: row.status.color ?? 'default' },
    comment: row.comment,
    files: (row.files ?? []).map((f) => ({ id: f.id, fileName: f.fileName, url: fileUrl(f.id) })),
    notificationEvents: flagged,
    tags: row.tags ?? [],
    anotherOwner: row.another_owner,
  };
}

/** GET /Events/{id}/chips: one page of the event's items, by sequence. */
export async function eventChipPage(db: Executor, eventId: number, query: Query, scope: OwnerScope): Promise<EventChipPage> {
  const found = await selectChipPage(db, eventId, query, scope);
  if (!found) throw notFound('The event');
  const today = todayUtc();
  return { items: found.rows.map((row) => chipRow(row, today)), total: found.total, page: query.page, pageSize: query.pageSize };
}
