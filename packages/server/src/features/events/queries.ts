import { type EventFilterQuery, type EventListItem, type EventSortKey, LOOKUP_COUNT_LIMIT, LOOKUP_LIMIT } from '@portal/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { auditColumns, presentAudit, type Viewer } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { descending, selectPage } from '../../db/paging.ts';
import { eventSearchText, events, folders } from '../../db/schema.ts';

const type = alias(folders, 'type');
const rig = alias(folders, 'rig');
const project = alias(folders, 'project');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Events whose own text (events_search_trgm) or whose type, rig or project name (folders_name_trgm)
 * contains the term, any case. The folder names are matched first, into an array, so each id column
 * is probed through its own btree index and PostgreSQL ORs the bitmaps.
 */
export function eventSearch(term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  const named = (kind: string) => sql`array(select f.id from ${folders} f where f.kind = ${kind} and f.name ilike ${pattern})`;
  return sql`(${eventSearchText(events)} ilike ${pattern}
    or ${events.typeId} = any(${named('eventType')})
    or ${events.rigId} = any(${named('rig')})
    or ${events.projectId} = any(${named('project')}))`;
}

function eventFilter(filter: Partial<EventFilterQuery>): SQL | undefined {
  return and(
    filter.search ? eventSearch(filter.search) : undefined,
    filter.user ? eq(events.createdBy, filter.user) : undefined,
    filter.eventType ? eq(events.typeId, filter.eventType) : undefined,
    filter.rig ? eq(events.rigId, filter.rig) : undefined,
  );
}

const sortColumns: Record<Exclude<EventSortKey, 'eventDate'>, PgColumn> = {
  documentNo: events.documentNo,
  eventLocation: events.eventLocation,
  responsible: events.responsible,
  company: events.company,
};

/**
 * Each sort is the order an index stores (or its reverse), so the page's ids are read from the index
 * and the walk stops after the page: events_date_idx is (event_date desc nulls last, id desc nulls
 * last), so its reverse is asc nulls first; the *_sort_idx are (column, id) ascending, reversed for desc.
 */
function sortOrder(sort: EventSortKey, direction: 'asc' | 'desc'): SQL[] {
  if (sort === 'eventDate')
    return direction === 'desc'
      ? [descending(events.eventDate), descending(events.id)]
      : [sql`${events.eventDate} asc nulls first`, sql`${events.id} asc nulls first`];
  const by = direction === 'asc' ? asc : desc;
  return [by(sortColumns[sort]), by(events.id)];
}

/**
 * One page of events, newest first, by the paging helper: the page's ids walk `events_date_idx`
 * (or the filter's index), then the folder names and the item count (the (event_id, sequence)
 * index) are read for those 50 ids only.
 *
 * EXPLAIN ANALYZE on the scale set (20,000 events, 2,000,000 event items; PostgreSQL 15, median of
 * 5 on a busy 2-core machine), page 0 / page 200 of 50. Before, one query joining three folder
 * aliases with the item count in the select list: 26 / 303 ms (hash joins and a sort of all 20,000
 * events; on page 200 the count ran for each of the 10,050 rows the offset skipped). After: ids
 * 0.07 / 1.0 ms (index-only scan of events_date_idx, stops at offset + 50), rows 1.7 / 1.7 ms,
 * total 1.8 / 1.7 ms: about 3.6 / 4.4 ms in all.
 */
export async function selectEventPage(
  db: Executor,
  filter: EventFilterQuery,
  viewer: Viewer,
): Promise<{ items: EventListItem[]; total: number }> {
  const { rows, total } = await selectPage(db, {
    from: events,
    id: events.id,
    where: eventFilter(filter),
    orderBy: sortOrder(filter.sort ?? 'eventDate', filter.direction ?? 'desc'),
    page: filter.page,
    pageSize: filter.pageSize,
    rows: (ids: number[]) => selectEventRows(db, ids),
    idOf: (row) => row.id,
  });
  return { total, items: rows.map((row) => presentAudit(row, viewer)) };
}

/** The list's columns for the given events. */
function selectEventRows(db: Executor, ids: number[]) {
  return db
    .select({
      id: events.id,
      type: { id: type.id, name: type.name },
      rig: { id: rig.id, name: rig.name },
      referenceNo: { id: project.id, name: project.name },
      eventLocation: events.eventLocation,
      eventDate: events.eventDate,
      ahv: events.ahv,
      comment: events.comment,
      documentNo: events.documentNo,
      responsible: events.responsible,
      company: events.company,
      isRenewal: events.isRenewal,
      resetAge: events.resetAge,
      ageAtReset: events.ageAtReset,
      itemCount: sql<number>`(select count(*) from event_items ei where ei.event_id = "events"."id")::int`,
      ...auditColumns(events),
    })
    .from(events)
    .innerJoin(type, eq(type.id, events.typeId))
    .innerJoin(rig, eq(rig.id, events.rigId))
    .innerJoin(project, eq(project.id, events.projectId))
    .where(inArray(events.id, ids));
}

/** Values for the list's filters: everyone who registered an event, and every rig and event type. */
export async function selectEventFilters(db: Executor) {
  const users = await db
    .selectDistinct({ id: sql<string>`${events.createdBy}` })
    .from(events)
    .where(sql`${events.createdBy} is not null`)
    .orderBy(sql`${events.createdBy}`);
  const [rigs, types] = await Promise.all(
    (['rig', 'eventType'] as const).map((kind) =>
      db.select({ id: folders.id, name: folders.name }).from(folders).where(eq(folders.kind, kind)).orderBy(asc(folders.name)),
    ),
  );
  return { users: users.map((u) => ({ id: u.id, name: u.id })), rigs, types };
}

/** Enabled pick-list entries for the event form: projects (with their rig as parent), rigs and types. */
export async function selectCodeTables(db: Executor) {
  const rows = await db
    .select({
      id: folders.id,
      name: folders.name,
      kind: folders.kind,
      color: folders.color,
      default: folders.isDefault,
      parentId: folders.parentId,
    })
    .from(folders)
    .where(and(eq(folders.enabled, true), sql`${folders.kind} in ('project', 'rig', 'eventType')`))
    .orderBy(asc(folders.sortOrder), asc(folders.name));
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ kind: _, ...entry }) => entry);
  return { projects: of('project'), rigs: of('rig'), types: of('eventType') };
}

/**
 * The event look-up: the newest LOOKUP_LIMIT events matching the term (by event date, then id) and
 * how many match, counted up to LOOKUP_COUNT_LIMIT + 1.
 */
export async function selectEventMatches(db: Executor, term: string) {
  const filter = eventSearch(term);
  const inner = db
    .select({ one: events.id })
    .from(events)
    .where(filter)
    .limit(LOOKUP_COUNT_LIMIT + 1)
    .as('matches');
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: events.id,
        type: { id: type.id, name: type.name },
        rig: { id: rig.id, name: rig.name },
        referenceNo: { id: project.id, name: project.name },
        eventDate: events.eventDate,
        eventLocation: events.eventLocation,
        documentNo: events.documentNo,
        responsible: events.responsible,
        company: events.company,
      })
      .from(events)
      .innerJoin(type, eq(type.id, events.typeId))
      .innerJoin(rig, eq(rig.id, events.rigId))
      .innerJoin(project, eq(project.id, events.projectId))
      .where(filter)
      .orderBy(descending(events.eventDate), descending(events.id))
      .limit(LOOKUP_LIMIT),
    db.select({ total: sql<number>`count(*)::int` }).from(inner),
  ]);
  return { items, total: Math.min(total, LOOKUP_COUNT_LIMIT), totalCapped: total > LOOKUP_COUNT_LIMIT };
}
