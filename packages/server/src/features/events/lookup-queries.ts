/** The event look-up (GET /Events/type?search) and the events list's search condition. */
import { LOOKUP_COUNT_LIMIT, LOOKUP_LIMIT } from '@portal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { descending } from '../../db/paging.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { events, folders } from '../../db/schema.ts';
import { project, rig, type } from './folder-aliases.ts';
import { eventColumns } from './queries.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search's values: the LIKE pattern and the types, rigs and projects whose name contains the term. */
type SearchValues = {
  pattern: string;
  types: number[];
  rigs: number[];
  projects: number[];
};

/** The folders whose name contains the term (a small table, folders_name_trgm), by kind. Prepared once. */
async function searchValues(db: Executor, term: string): Promise<SearchValues> {
  const pattern = `%${escapeLike(term)}%`;
  const named = await prepared(db, 'events.search.folders', () =>
    db
      .select({ id: folders.id, kind: folders.kind })
      .from(folders)
      .where(and(sql`${folders.kind} in ('eventType', 'rig', 'project')`, sql`${folders.name} ilike ${sql.placeholder('pattern')}`))
      .prepare(UNNAMED),
  ).execute({ pattern });
  const idsOf = (kind: string) => named.filter((f) => f.kind === kind).map((f) => f.id);
  return { pattern, types: idsOf('eventType'), rigs: idsOf('rig'), projects: idsOf('project') };
}

/** Which id lists a search has: the variant key of its prepared statements. */
const searchKey = (v: SearchValues) => `${v.types.length ? 't' : ''}${v.rigs.length ? 'r' : ''}${v.projects.length ? 'p' : ''}`;

/**
 * Events whose own text or whose type, rig or project name contains the term, any case. `bind` gives
 * each value: a bound parameter, or a placeholder of that name for a prepared statement.
 *
 * The text is `events.search_text` (lower-cased once on write, events_search_text_trgm): `like
 * lower(pattern)` is what `ilike` does in a UTF-8 database, without lower-casing five joined columns
 * for every row read (docs/events.md). The folders matching the term were read
 * first and are named by id, so the planner sees plain conditions and ORs the bitmaps of the trigram
 * index and the id indexes; with the folder look-up inside the query it could not estimate them and
 * read the whole table or walked the date index.
 */
function searchCondition(values: SearchValues, bind: (name: keyof SearchValues) => unknown): SQL {
  const anyOf = (column: PgColumn, name: 'types' | 'rigs' | 'projects') =>
    values[name].length ? [sql`${column} = any(${bind(name)}::int[])`] : [];
  return sql`(${sql.join(
    [
      sql`${events.searchText} like lower(${bind('pattern')})`,
      ...anyOf(events.typeId, 'types'),
      ...anyOf(events.rigId, 'rigs'),
      ...anyOf(events.projectId, 'projects'),
    ],
    sql` or `,
  )})`;
}

/** The search condition with its values bound (the events list's search). */
export async function eventSearch(db: Executor, term: string): Promise<SQL> {
  const values = await searchValues(db, term);
  return searchCondition(values, (name) => sql.param(values[name]));
}

/** The look-up's columns: the record's names and the fields the look-up shows. */
const c = eventColumns;
const lookupColumns = {
  id: c.id,
  type: c.type,
  rig: c.rig,
  referenceNo: c.referenceNo,
  eventDate: c.eventDate,
  eventLocation: c.eventLocation,
  documentNo: c.documentNo,
  responsible: c.responsible,
  company: c.company,
};

/**
 * The event look-up: the newest LOOKUP_LIMIT events matching the term (by event date, then id) and
 * how many match, counted up to LOOKUP_COUNT_LIMIT + 1, in one statement after the folder look-up.
 * The newest LOOKUP_COUNT_LIMIT + 1 matches are found once, in the order of events_date_idx; their
 * count is `count(*) over ()` of that set and its first LOOKUP_LIMIT rows are the page, joined to
 * their names. A separate capped count read the table in physical order until 1,001 matched, and
 * the rows query walked the same index again (`SC-EV-001` on the scale set, docs/performance.md):
 * for a common term the walk stops after about twice the cap; for a rare one the planner reads the
 * trigram index's candidates and sorts those. No match: no row, a total of 0.
 *
 * Both limits are literals: with `limit $n` PostgreSQL switched to a generic plan that walks the date
 * index for any term (a term matching nothing read all 20,000 events).
 */
export async function selectEventMatches(db: Executor, term: string) {
  const values = await searchValues(db, term);
  const rows = await prepared(db, `events.lookup.${searchKey(values)}`, () => {
    const newest = (table: string) => sql.raw(`${table}.event_date desc nulls last, ${table}.id desc nulls last`);
    const page = sql`(
      select found.id, found.event_date, (count(*) over ())::int as total from (
        select ${events.id}, ${events.eventDate} from ${events}
        where ${searchCondition(values, (name) => sql.placeholder(name))}
        order by ${descending(events.eventDate)}, ${descending(events.id)}
        limit ${sql.raw(String(LOOKUP_COUNT_LIMIT + 1))}
      ) found
      order by ${newest('found')} limit ${sql.raw(String(LOOKUP_LIMIT))}
    ) page`;
    return db
      .select({ ...lookupColumns, total: sql<number>`page.total` })
      .from(page)
      .innerJoin(events, sql`${events.id} = page.id`)
      .innerJoin(type, eq(type.id, events.typeId))
      .innerJoin(rig, eq(rig.id, events.rigId))
      .innerJoin(project, eq(project.id, events.projectId))
      .orderBy(newest('page'))
      .prepare(UNNAMED);
  }).execute({ ...values });
  const total = rows[0]?.total ?? 0;
  const items = rows.map(({ total: _, ...item }) => item);
  return { items, total: Math.min(total, LOOKUP_COUNT_LIMIT), totalCapped: total > LOOKUP_COUNT_LIMIT };
}
