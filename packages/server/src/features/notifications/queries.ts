/**
 * The notifications list (decision 014): event items with the flag on, newest event first. The page's
 * ids come first (the partial notification index, events by primary key, a top-N sort), then the
 * rows for those 50 ids only; the total counts the same filter. EXPLAIN ANALYZE: docs/event-items.md.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { bool, int, isoUtc, readRows, renderRead, text } from '../../db/read.ts';
import { coversEveryOwner } from '../../db/scope.ts';

export type NotificationRecord = {
  eventComponentId: number;
  eventId: number;
  stampedId: string;
  dimensionName: string | null;
  certificateSubType: string | null;
  certificateType: string | null;
  quality: string | null;
  owners: string | null;
  comment: string | null;
  eventBy: string | null;
  eventDate: string;
  active: boolean;
  statusId: number | null;
  statusName: string | null;
  statusColor: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedBy: string | null;
  updatedAt: Date;
};

/** `%` and `_` in the search are literal. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The stamped id match goes through equipment_stamped_id_trgm; the comment is checked on the flagged
 * items only. A user with an owner list gets their owners' and unlinked items only (docs/security.md rule 17).
 */
function filter(search: string | undefined, scope: OwnerScope): SQL {
  const own = coversEveryOwner(scope)
    ? sql``
    : sql` and exists (select 1 from equipment f left join certificates fc on fc.id = f.certificate_id
          where f.id = i.equipment_id and ${itemInScope(scope, sql`f.certificate_id`, sql`fc.owner_id`)})`;
  if (!search) return sql`i.notification${own}`;
  const pattern = likePattern(search);
  return sql`i.notification and (i.equipment_id in (select id from equipment where stamped_id ilike ${pattern}) or i.comment ilike ${pattern})${own}`;
}

export async function selectNotificationPage(
  db: Executor,
  options: { page: number; pageSize: number; search?: string; scope: OwnerScope },
) {
  const where = filter(options.search, options.scope);
  const limit = sql`limit ${options.pageSize} offset ${options.page * options.pageSize}`;
  // Without a search, `desc nulls last` (how events_date_idx stores the dates) lets PostgreSQL walk the
  // events by date and probe each in event_items_notification_event_idx. With one, the few matches are
  // found first (a materialized CTE over the flagged items) and sorted, instead of walking every event.
  const idRead = renderRead('notifications.ids', {
    ...(options.search
      ? {
          with: sql`m as materialized (select i.id, i.event_id from event_items i where ${where})`,
          columns: { id: int(sql`m.id`) },
          from: sql`from m join events e on e.id = m.event_id order by e.event_date desc nulls last, m.id desc ${limit}`,
        }
      : {
          columns: { id: int(sql`i.id`) },
          from: sql`from event_items i join events e on e.id = i.event_id
          where ${where} order by e.event_date desc nulls last, i.id desc ${limit}`,
        }),
  });
  const ids = (await readRows(db, idRead)).map((row) => row.id);
  const [rows, total] = await Promise.all([
    ids.length ? selectRows(db, ids) : Promise.resolve([]),
    ids.length > 0 && ids.length < options.pageSize
      ? Promise.resolve(options.page * options.pageSize + ids.length)
      : countNotifications(db, options.search, options.scope),
  ]);
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(Number(a.eventComponentId)) ?? 0) - (position.get(Number(b.eventComponentId)) ?? 0));
  return { rows, total };
}

/** Without a search the count is an index-only scan of the partial notification index. */
async function countNotifications(db: Executor, search: string | undefined, scope: OwnerScope): Promise<number> {
  const read = renderRead('notifications.count', {
    columns: { n: int(sql`count(*)`) },
    from: sql`from event_items i where ${filter(search, scope)}`,
  });
  const [{ n }] = await readRows(db, read);
  return n;
}

async function selectRows(db: Executor, ids: number[]): Promise<NotificationRecord[]> {
  const read = renderRead('notifications.rows', {
    columns: {
      eventComponentId: int(sql`i.id`),
      eventId: int(sql`i.event_id`),
      stampedId: text(sql`q.stamped_id`),
      dimensionName: text.orNull(sql`d.name`),
      certificateSubType: text.orNull(sql`st.name`),
      certificateType: text.orNull(sql`ct.name`),
      quality: text.orNull(sql`c.quality`),
      owners: text.orNull(sql`o.name`),
      comment: text.orNull(sql`i.comment`),
      eventBy: text.orNull(sql`coalesce(e.responsible, e.created_by)`),
      eventDate: text(sql`e.event_date`),
      active: bool(sql`not q.hidden`),
      statusId: int.orNull(sql`i.status_id`),
      statusName: text.orNull(sql`s.name`),
      statusColor: text.orNull(sql`s.color`),
      createdBy: text.orNull(sql`i.created_by`),
      createdAt: isoUtc(sql`i.created_at`),
      updatedBy: text.orNull(sql`i.updated_by`),
      updatedAt: isoUtc(sql`i.updated_at`),
    },
    from: sql`from event_items i
    join events e on e.id = i.event_id
    join equipment q on q.id = i.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join certificate_types ct on ct.id = c.type_id
    left join certificate_sub_types st on st.id = c.sub_type_id
    left join dimensions d on d.id = c.dimension_id
    left join owners o on o.id = c.owner_id
    left join folders s on s.id = i.status_id
    where i.id = any(${sql.param(ids)}::bigint[])`,
  });
  const rows = await readRows(db, read);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }));
}
