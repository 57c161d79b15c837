/**
 * The notifications list (decision 014): event items with the flag on, newest event first. The page's
 * ids come first (the partial notification index, events by primary key, a top-N sort), then the
 * rows for those 50 ids only; the total counts the same filter. EXPLAIN ANALYZE: docs/event-items.md.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
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
  const { rows: idRows } = await db.execute<{ id: number }>(
    options.search
      ? sql`with m as materialized (select i.id, i.event_id from event_items i where ${where})
          select m.id from m join events e on e.id = m.event_id order by e.event_date desc nulls last, m.id desc ${limit}`
      : sql`select i.id from event_items i join events e on e.id = i.event_id
          where ${where} order by e.event_date desc nulls last, i.id desc ${limit}`,
  );
  const ids = idRows.map((row) => Number(row.id));
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
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from event_items i where ${filter(search, scope)}`);
  return rows[0].n;
}

async function selectRows(db: Executor, ids: number[]): Promise<NotificationRecord[]> {
  const { rows } = await db.execute<NotificationRecord>(sql`
    select i.id as "eventComponentId", i.event_id as "eventId", q.stamped_id as "stampedId", d.name as "dimensionName",
      st.name as "certificateSubType", ct.name as "certificateType", c.quality, o.name as owners, i.comment,
      coalesce(e.responsible, e.created_by) as "eventBy", e.event_date::text as "eventDate", not q.hidden as active,
      i.status_id as "statusId", s.name as "statusName", s.color as "statusColor",
      i.created_by as "createdBy", i.created_at as "createdAt", i.updated_by as "updatedBy", i.updated_at as "updatedAt"
    from event_items i
    join events e on e.id = i.event_id
    join equipment q on q.id = i.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join certificate_types ct on ct.id = c.type_id
    left join certificate_sub_types st on st.id = c.sub_type_id
    left join dimensions d on d.id = c.dimension_id
    left join owners o on o.id = c.owner_id
    left join folders s on s.id = i.status_id
    where i.id = any(${sql.param(ids)}::bigint[])`);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }));
}
