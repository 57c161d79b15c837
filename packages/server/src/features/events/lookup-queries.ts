/** The event look-up (GET /Events/type?search) and the events list's search condition. */
import { LOOKUP_COUNT_LIMIT, LOOKUP_LIMIT } from '@portal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { descending } from '../../db/paging.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { events, folders } from '../../db/schema.ts';
import { project, rig, type } from './folder-aliases.ts';
import { eventColumns } from './queries.ts';

/** A search's values: the term, its LIKE pattern and the types, rigs and projects whose name contains it. */
type SearchValues = {
  term: string;
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
  return { term, pattern, types: idsOf('eventType'), rigs: idsOf('rig'), projects: idsOf('project') };
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
 *
 * `walk`: the same match as `strpos(search_text, lower(term)) > 0`, which no index serves and which
 * PostgreSQL estimates at a third of the rows whatever the term, so it filters a walk of the date
 * index that stops at the page (the look-up's branch for 1,001+ matches); with `like` it may
 * estimate 2 matches for 10,000 and sort every match instead.
 */
function searchCondition(values: SearchValues, bind: (name: keyof SearchValues) => unknown, walk = false): SQL {
  const anyOf = (column: PgColumn, name: 'types' | 'rigs' | 'projects') =>
    values[name].length ? [sql`${column} = any(${bind(name)}::int[])`] : [];
  const text = walk
    ? sql`strpos(${events.searchText}, lower(${bind('term')})) > 0`
    : sql`${events.searchText} like lower(${bind('pattern')})`;
  return sql`(${sql.join(
    [text, ...anyOf(events.typeId, 'types'), ...anyOf(events.rigId, 'rigs'), ...anyOf(events.projectId, 'projects')],
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
 * Up to this many matches the look-up's page is sorted from the matches themselves; past it, the date
 * index is walked. Sorting costs the matches read (at most this many), walking about 20 × events /
 * matches rows read at random; at the cap alone (1,001) the walk for a term just past it read
 * 1,870 rows for 20 at ×5 (`0042`, docs/performance.md), where sorting its 1,120 matches reads those.
 */
const SORTED_UP_TO = 2 * LOOKUP_COUNT_LIMIT;

/**
 * The event look-up: the newest LOOKUP_LIMIT events matching the term (by event date, then id) and
 * how many match, up to SORTED_UP_TO + 1, in one statement after the folder look-up. Its work
 * stops at a bound or at the page, whatever the number of events (issue 27, decisions 093 and 094):
 * - `found`: the first SORTED_UP_TO + 1 matches in the order the trigram bitmap or the table gives
 *   them; their number is the total, shown up to LOOKUP_COUNT_LIMIT ('1000+' past it).
 * - Up to SORTED_UP_TO matches that is every match: the page is the newest of them, sorted.
 * - Past it the page is read by walking events_date_idx newest first with the search as a filter,
 *   stopping at the page's 20th match: with SORTED_UP_TO+ matches spread over the dates that is about
 *   20 / (their share) rows, at most about 20 × events / 2,001 (`searchCondition`, walk).
 * Each branch runs only when the count allows it (a one-time filter); no match: no row, a total of 0.
 *
 * Both limits are literals: with `limit $n` PostgreSQL switched to a generic plan that walks the date
 * index for any term (a term matching nothing read all 20,000 events).
 */
export async function selectEventMatches(db: Executor, term: string) {
  const values = await searchValues(db, term);
  const rows = await prepared(db, `events.lookup.${searchKey(values)}`, () => {
    const newest = (table: string) => sql.raw(`${table}.event_date desc nulls last, ${table}.id desc nulls last`);
    const bind = (name: keyof SearchValues) => sql.placeholder(name);
    const read = sql.raw(String(SORTED_UP_TO + 1));
    const limit = sql.raw(String(LOOKUP_LIMIT));
    const few = sql.raw(`(select count(*) from found) <= ${SORTED_UP_TO}`);
    const page = sql`(
      with found as materialized (
        select ${events.id}, ${events.eventDate} from ${events} where ${searchCondition(values, bind)} limit ${read}
      )
      select p.id, p.event_date, (select count(*) from found)::int as total from (
        (select found.id, found.event_date from found where ${few} order by ${newest('found')} limit ${limit})
        union all
        (select ${events.id}, ${events.eventDate} from ${events}
          where ${searchCondition(values, bind, true)} and not ${few}
          order by ${descending(events.eventDate)}, ${descending(events.id)} limit ${limit})
      ) p
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
