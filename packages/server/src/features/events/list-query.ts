/**
 * The events list (`GET /Events`, `/Events/byFilter`) in one statement: the page's ids walk the sort's
 * index and stop after the page (a subquery with limit and offset), the names and item counts are
 * joined for those ids only, and the total is a sum of the maintained counts (db/derived/event_counts.sql) computed
 * once beside them. One round trip, where the paging helper takes two and three statements.
 *
 * The rows come back as arrays and are shaped here, not by drizzle: on a page of 50 rows drizzle's
 * result mapping, the Date objects of the audit columns and the ids-then-rows reordering were a
 * fifth of the server's CPU per request (docs/performance.md, "Third round"). Without a search the
 * statement is rendered once per filter combination and sort (the values are its parameters), and the
 * pool prepares it by its text (decision 038).
 */
import type { EventFilterQuery, EventListItem, EventSortKey } from '@portal/contract';
import { and, asc, desc, eq, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { isoUtc } from '../../db/array-rows.ts';
import { staffName, type Viewer } from '../../db/audit.ts';
import { type Database, poolOf, windowStatementName } from '../../db/client.ts';
import { descending } from '../../db/paging.ts';
import { eventCounts, events } from '../../db/schema.ts';
import { eventSearch } from './lookup-queries.ts';

const dialect = new PgDialect();

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
 * The page's rows in the sort's order, each with the filter's total in its last column. The ids
 * subquery names the table `events` in its own scope; the outer `events` is the joined row, so one
 * sort expression serves both.
 */
function pageStatement(where: SQL | undefined, order: SQL, total: SQL, limit: unknown, offset: unknown): SQL {
  return sql`select ${events.id}, ${events.typeId}, ty.name, ${events.rigId}, ri.name, ${events.projectId}, pr.name,
      ${events.eventLocation}, ${events.eventDate}, ${events.ahv}, ${events.comment}, ${events.documentNo},
      ${events.responsible}, ${events.company}, ${events.isRenewal}, ${events.resetAge}, ${events.ageAtReset},
      coalesce(c.n, 0), ${events.createdBy}, ${isoUtc(events.createdAt)}, ${events.updatedBy}, ${isoUtc(events.updatedAt)},
      so.inspector, so.qualification, so.company, ${isoUtc(sql`so.signed_at`)},
      ${total}
    from (select ${events.id} from ${events} ${where ? sql`where ${where}` : sql``} order by ${order} limit ${limit} offset ${offset}) page
    join ${events} on ${events.id} = page.id
    join folders ty on ty.id = ${events.typeId}
    join folders ri on ri.id = ${events.rigId}
    join folders pr on pr.id = ${events.projectId}
    left join event_item_counts c on c.event_id = ${events.id}
    left join event_seals so on so.event_id = ${events.id} and so.kind = 'signOff'
    order by ${order}`;
}

type Row = unknown[];
const TOTAL = 26;

function present(row: Row, viewer: Viewer): EventListItem {
  return {
    id: row[0] as number,
    type: { id: row[1] as number, name: row[2] as string },
    rig: { id: row[3] as number, name: row[4] as string },
    referenceNo: { id: row[5] as number, name: row[6] as string },
    eventLocation: row[7] as string | null,
    eventDate: row[8] as string,
    ahv: row[9] as string | null,
    comment: row[10] as string | null,
    documentNo: row[11] as string | null,
    responsible: row[12] as string | null,
    company: row[13] as string | null,
    isRenewal: row[14] as boolean,
    resetAge: row[15] as boolean,
    ageAtReset: row[16] as number | null,
    itemCount: row[17] as number,
    createdBy: staffName(row[18] as string | null, viewer),
    createdDate: row[19] as string,
    updatedBy: staffName(row[20] as string | null, viewer),
    updatedDate: row[21] as string,
    signOff:
      row[22] === null
        ? null
        : { signedBy: row[22] as string, qualification: row[23] as string, company: row[24] as string, signedAt: row[25] as string },
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

type Rendered = { sql: string; params: unknown[] };

/** Rendered statements without a search, by filter combination and sort (at most 8 × 5 × 2): the page and its total alone. */
const rendered = new Map<string, { page: Rendered; total: Rendered }>();

async function statementsFor(db: Database, filter: EventFilterQuery) {
  const order = sortOrder(filter.sort ?? 'eventDate', filter.direction ?? 'desc');
  const window = { limit: filter.pageSize, offset: filter.page * filter.pageSize };
  if (filter.search) {
    const where = and(
      await eventSearch(db, filter.search),
      filter.user ? eq(events.createdBy, filter.user) : undefined,
      filter.eventType ? eq(events.typeId, filter.eventType) : undefined,
      filter.rig ? eq(events.rigId, filter.rig) : undefined,
    );
    // A search has no maintained count: count(*) over its matches.
    const total = sql`(select count(*)::int from ${events} where ${where})`;
    const page = dialect.sqlToQuery(pageStatement(where, order, total, window.limit, window.offset));
    return { page, total: dialect.sqlToQuery(sql`select ${total}`), values: {} };
  }
  const plain = plainFilter(filter);
  const key = `${plain.key}.${filter.sort}.${filter.direction}`;
  let statements = rendered.get(key);
  if (!statements) {
    const limits = [sql.placeholder('limit'), sql.placeholder('offset')] as const;
    statements = {
      page: dialect.sqlToQuery(pageStatement(plain.where, order, plain.total, ...limits)),
      total: dialect.sqlToQuery(sql`select ${plain.total}`),
    };
    rendered.set(key, statements);
  }
  return { ...statements, values: { user: filter.user, eventType: filter.eventType, rig: filter.rig, ...window } };
}

/**
 * The page statement with its window as literals (`limit 50 offset 0`), prepared under a name of its
 * own (db/client.ts `windowStatementName`), so PostgreSQL plans it once per connection; or as
 * rendered, with the window as its last two parameters, when the pool does not prepare.
 */
function withWindow(pool: pg.Pool, page: Rendered, values: unknown[], limit: number, offset: number) {
  const n = values.length;
  const literal = page.sql.replace(`limit $${n - 1} offset $${n}`, `limit ${limit} offset ${offset}`);
  const name =
    literal !== page.sql && Number.isSafeInteger(limit) && Number.isSafeInteger(offset) ? windowStatementName(pool, literal) : undefined;
  return name ? { name, text: literal, values: values.slice(0, n - 2) } : { text: page.sql, values };
}

/** One page of events (newest first unless told) and the filter's total. */
export async function selectEventPage(
  db: Database,
  filter: EventFilterQuery,
  viewer: Viewer,
): Promise<{ items: EventListItem[]; total: number }> {
  const statements = await statementsFor(db, filter);
  const pool = poolOf(db);
  const fill = (query: Rendered) => fillPlaceholders(query.params, statements.values);
  const page = filter.search
    ? { text: statements.page.sql, values: fill(statements.page) }
    : withWindow(pool, statements.page, fill(statements.page), filter.pageSize, filter.page * filter.pageSize);
  const { rows } = await pool.query<Row>({ ...page, rowMode: 'array' });
  if (rows.length) return { items: rows.map((row) => present(row, viewer)), total: rows[0][TOTAL] as number };
  // Past the end, or nothing matches: the total alone.
  const { rows: totals } = await pool.query<Row>({ text: statements.total.sql, values: fill(statements.total), rowMode: 'array' });
  return { items: [], total: totals[0][0] as number };
}
