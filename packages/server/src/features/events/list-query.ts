/**
 * The events list (`GET /Events`, `/Events/byFilter`) in one statement: the page's ids walk the sort's
 * index and stop after the page (a subquery with limit and offset), the names and item counts are
 * joined for those ids only, and the total is a sum of the maintained counts (db/derived/event_counts.sql) computed
 * once beside them. One round trip, where the paging helper takes two and three statements.
 *
 * The rows are read by db/read.ts (decision 090), not drizzle: on a page of 50 rows drizzle's result
 * mapping, the Date objects of the audit columns and the ids-then-rows reordering were a fifth of the
 * server's CPU per request (docs/performance.md, "Third round"). Without a search the statement is
 * rendered once per filter combination and sort (the values are its parameters), and the pool
 * prepares it by its text (decision 038).
 */
import { type EventFilterQuery, type EventListItem, type EventSortKey, LOOKUP_COUNT_LIMIT } from '@portal/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { staffName, type Viewer } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { descending } from '../../db/paging.ts';
import { bool, date, defineRead, int, isoUtc, num, type RowOf, readRows, renderRead, text } from '../../db/read.ts';
import { eventCounts, events } from '../../db/schema.ts';
import { eventSearch } from './lookup-queries.ts';

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
function sortOrder(sort: EventSortKey, direction: 'asc' | 'desc'): SQL {
  if (sort === 'eventDate')
    return direction === 'desc'
      ? sql.join([descending(events.eventDate), descending(events.id)], sql`, `)
      : sql`${events.eventDate} asc nulls first, ${events.id} asc nulls first`;
  const by = direction === 'asc' ? asc : desc;
  return sql.join([by(sortColumns[sort]), by(events.id)], sql`, `);
}

/**
 * The page's rows in the sort's order, each with the filter's total. The ids subquery names the table
 * `events` in its own scope; the outer `events` is the joined row, so one sort expression serves both.
 */
function pageRead(where: SQL | undefined, order: SQL, total: SQL, limit: unknown, offset: unknown) {
  return {
    columns: {
      id: int(events.id),
      typeId: int(events.typeId),
      typeName: text(sql`ty.name`),
      rigId: int(events.rigId),
      rigName: text(sql`ri.name`),
      projectId: int(events.projectId),
      projectName: text(sql`pr.name`),
      eventLocation: text.orNull(events.eventLocation),
      eventDate: date(events.eventDate),
      ahv: text.orNull(events.ahv),
      comment: text.orNull(events.comment),
      documentNo: text.orNull(events.documentNo),
      responsible: text.orNull(events.responsible),
      company: text.orNull(events.company),
      isRenewal: bool(events.isRenewal),
      resetAge: bool(events.resetAge),
      ageAtReset: num.orNull(events.ageAtReset),
      itemCount: int(sql`coalesce(c.n, 0)`),
      createdBy: text.orNull(events.createdBy),
      createdDate: isoUtc(events.createdAt),
      updatedBy: text.orNull(events.updatedBy),
      updatedDate: isoUtc(events.updatedAt),
      signedBy: text.orNull(sql`so.inspector`),
      qualification: text.orNull(sql`so.qualification`),
      signedCompany: text.orNull(sql`so.company`),
      signedAt: isoUtc.orNull(sql`so.signed_at`),
      total: int(total),
    },
    from: sql`from (select ${events.id} from ${events} ${where ? sql`where ${where}` : sql``} order by ${order} limit ${limit} offset ${offset}) page
    join ${events} on ${events.id} = page.id
    join folders ty on ty.id = ${events.typeId}
    join folders ri on ri.id = ${events.rigId}
    join folders pr on pr.id = ${events.projectId}
    left join event_item_counts c on c.event_id = ${events.id}
    left join event_seals so on so.event_id = ${events.id} and so.kind = 'signOff'
    order by ${order}`,
  };
}

const totalRead = (total: SQL) => ({ columns: { total: int(total) }, from: sql`` });

function present(row: RowOf<ReturnType<typeof pageRead>['columns']>, viewer: Viewer): EventListItem {
  return {
    id: row.id,
    type: { id: row.typeId, name: row.typeName },
    rig: { id: row.rigId, name: row.rigName },
    referenceNo: { id: row.projectId, name: row.projectName },
    eventLocation: row.eventLocation,
    eventDate: row.eventDate,
    ahv: row.ahv,
    comment: row.comment,
    documentNo: row.documentNo,
    responsible: row.responsible,
    company: row.company,
    isRenewal: row.isRenewal,
    resetAge: row.resetAge,
    ageAtReset: row.ageAtReset,
    itemCount: row.itemCount,
    createdBy: staffName(row.createdBy, viewer),
    createdDate: row.createdDate,
    updatedBy: staffName(row.updatedBy, viewer),
    updatedDate: row.updatedDate,
    signOff:
      row.signedBy === null
        ? null
        : {
            signedBy: row.signedBy,
            qualification: row.qualification as string,
            company: row.signedCompany as string,
            signedAt: row.signedAt as string,
          },
  };
}

/** A filter without a search: its conditions on events and on the maintained counts, its values as placeholders. */
function plainFilter(filter: Partial<EventFilterQuery>) {
  const on = (user: PgColumn, type: PgColumn, rig: PgColumn) =>
    and(
      filter.user ? eq(user, sql.placeholder('user')) : undefined,
      filter.eventType ? eq(type, sql.placeholder('eventType')) : undefined,
      filter.rig ? eq(rig, sql.placeholder('rig')) : undefined,
    );
  const counted = on(eventCounts.createdBy, eventCounts.typeId, eventCounts.rigId);
  return {
    key: `${filter.user ? 'u' : ''}${filter.eventType ? 't' : ''}${filter.rig ? 'r' : ''}`,
    where: on(events.createdBy, events.typeId, events.rigId),
    total: sql`(select coalesce(sum(${eventCounts.n}), 0)::int from ${eventCounts}${counted ? sql` where ${counted}` : sql``})`,
  };
}

/**
 * The page's read and the total's alone. Without a search, each is rendered once per filter
 * combination and sort (at most 8 × 5 × 2), its window placeholders last; a search renders its own.
 */
async function readsFor(db: Database, filter: EventFilterQuery) {
  const order = sortOrder(filter.sort ?? 'eventDate', filter.direction ?? 'desc');
  const window = { limit: filter.pageSize, offset: filter.page * filter.pageSize };
  if (filter.search) {
    const where = and(
      await eventSearch(db, filter.search),
      filter.user ? eq(events.createdBy, filter.user) : undefined,
      filter.eventType ? eq(events.typeId, filter.eventType) : undefined,
      filter.rig ? eq(events.rigId, filter.rig) : undefined,
    );
    // A search has no maintained count: its matches counted up to LOOKUP_COUNT_LIMIT + 1, as the
    // look-ups count (the page shows '1000+'), so the count stops however many events match.
    const total = sql`(select count(*)::int from (select 1 from ${events} where ${where} limit ${sql.raw(String(LOOKUP_COUNT_LIMIT + 1))}) matches)`;
    return {
      page: renderRead('events.page.search', pageRead(where, order, total, window.limit, window.offset)),
      total: renderRead('events.total.search', totalRead(total)),
      values: {},
      window: undefined,
    };
  }
  const plain = plainFilter(filter);
  const key = `${plain.key}.${filter.sort}.${filter.direction}`;
  const limits = [sql.placeholder('limit'), sql.placeholder('offset')] as const;
  return {
    page: defineRead(`events.page.${key}`, () => pageRead(plain.where, order, plain.total, ...limits)),
    total: defineRead(`events.total.${plain.key}`, () => totalRead(plain.total)),
    values: { user: filter.user, eventType: filter.eventType, rig: filter.rig, ...window },
    // The window as literals in a statement of its own (db/read.ts ReadOptions.window).
    window,
  };
}

/** The total as answered: a search's count stops past LOOKUP_COUNT_LIMIT ('1000+'), a filter's is exact. */
const countedBy = (filter: EventFilterQuery) => (total: number) =>
  filter.search ? { total: Math.min(total, LOOKUP_COUNT_LIMIT), totalCapped: total > LOOKUP_COUNT_LIMIT } : { total, totalCapped: false };

/** One page of events (newest first unless told) and the filter's total. */
export async function selectEventPage(
  db: Database,
  filter: EventFilterQuery,
  viewer: Viewer,
): Promise<{ items: EventListItem[]; total: number; totalCapped: boolean }> {
  const reads = await readsFor(db, filter);
  const counted = countedBy(filter);
  const rows = await readRows(db, reads.page, reads.values, { window: reads.window });
  if (rows.length) return { items: rows.map((row) => present(row, viewer)), ...counted(rows[0].total) };
  // Past the end, or nothing matches: the total alone.
  const [{ total }] = await readRows(db, reads.total, reads.values);
  return { items: [], ...counted(total) };
}
