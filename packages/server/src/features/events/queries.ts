import { LOOKUP_COUNT_LIMIT, LOOKUP_LIMIT } from '@portal/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { descending } from '../../db/paging.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { eventCounts, eventSearchText, events, folders } from '../../db/schema.ts';

/** The folders naming an event's type, rig and project. */
export const type = alias(folders, 'type');
export const rig = alias(folders, 'rig');
export const project = alias(folders, 'project');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Events whose own text (events_search_trgm) or whose type, rig or project name contains the term,
 * any case. The folders matching the term are read first (a small table) and named by id, so the
 * planner sees plain conditions and ORs the bitmaps of the trigram index and the id indexes. With the
 * folder look-up inside the query (`= any(array(select ...))`) it could not estimate them and read
 * the whole table or walked the date index for 100-190 ms on the scale set (docs/events.md).
 */
export async function eventSearch(db: Executor, term: string): Promise<SQL> {
  const pattern = `%${escapeLike(term)}%`;
  const named = await db
    .select({ id: folders.id, kind: folders.kind })
    .from(folders)
    .where(and(sql`${folders.kind} in ('eventType', 'rig', 'project')`, sql`${folders.name} ilike ${pattern}`));
  const idsOf = (kind: string) => named.filter((f) => f.kind === kind).map((f) => f.id);
  const [types, rigs, projects] = [idsOf('eventType'), idsOf('rig'), idsOf('project')];
  return sql`(${sql.join(
    [
      sql`${eventSearchText(events)} ilike ${pattern}`,
      ...(types.length ? [inArray(events.typeId, types)] : []),
      ...(rigs.length ? [inArray(events.rigId, rigs)] : []),
      ...(projects.length ? [inArray(events.projectId, projects)] : []),
    ],
    sql` or `,
  )})`;
}

/** An event's columns with its type, rig and project names and its item count (the record; the list is list-query.ts). */
export const eventColumns = {
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
  // Maintained by triggers (db/tables/counts.ts): one key probe instead of counting ~100 items per row.
  itemCount: sql<number>`coalesce((select c.n from event_item_counts c where c.event_id = "events"."id"), 0)`,
  ...auditColumns(events),
};

/** Values for the list's filters: everyone who registered an event, and every rig and event type. Prepared once. */
export async function selectEventFilters(db: Executor) {
  // The authors from the maintained counts (a few hundred rows), not a distinct over every event (5 ms).
  const users = await prepared(db, 'events.filters.users', () =>
    db
      .selectDistinct({ id: eventCounts.createdBy })
      .from(eventCounts)
      .where(sql`${eventCounts.createdBy} <> '' and ${eventCounts.n} > 0`)
      .orderBy(eventCounts.createdBy)
      .prepare(UNNAMED),
  ).execute();
  const [rigs, types] = await Promise.all(
    (['rig', 'eventType'] as const).map((kind) =>
      prepared(db, `events.filters.${kind}`, () =>
        db
          .select({ id: folders.id, name: folders.name })
          .from(folders)
          .where(eq(folders.kind, kind))
          .orderBy(asc(folders.name))
          .prepare(UNNAMED),
      ).execute(),
    ),
  );
  return { users: users.map((u) => ({ id: u.id, name: u.id })), rigs, types };
}

/** Enabled pick-list entries for the event form: projects (with their rig as parent), rigs and types. Prepared once. */
export async function selectCodeTables(db: Executor) {
  const rows = await prepared(db, 'events.codetables', () => codeTablesQuery(db)).execute();
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ kind: _, ...entry }) => entry);
  return { projects: of('project'), rigs: of('rig'), types: of('eventType') };
}

function codeTablesQuery(db: Executor) {
  return db
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
    .orderBy(asc(folders.sortOrder), asc(folders.name))
    .prepare(UNNAMED);
}

/**
 * The event look-up: the newest LOOKUP_LIMIT events matching the term (by event date, then id) and
 * how many match, counted up to LOOKUP_COUNT_LIMIT + 1.
 */
export async function selectEventMatches(db: Executor, term: string) {
  const filter = await eventSearch(db, term);
  const [items, total] = await Promise.all([
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
    countEventMatches(db, filter),
  ]);
  return { items, total: Math.min(total, LOOKUP_COUNT_LIMIT), totalCapped: total > LOOKUP_COUNT_LIMIT };
}

/**
 * How many events match, up to LOOKUP_COUNT_LIMIT + 1, from the trigram index. Left to choose,
 * PostgreSQL overestimates a common term's matches (10,303 of 20,000 for 'SC-EV-001', 1,111 real)
 * and scans the table in its physical order hoping to meet LOOKUP_COUNT_LIMIT + 1 of them early:
 * 74 ms for that term on the scale set, and a whole-table read for any term with fewer matches.
 * With sequential scans off for this one statement it reads the index's candidates: 5 ms.
 */
async function countEventMatches(db: Executor, filter: SQL): Promise<number> {
  const inner = db
    .select({ one: events.id })
    .from(events)
    .where(filter)
    .limit(LOOKUP_COUNT_LIMIT + 1)
    .as('matches');
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(inner);
    return total;
  });
}
