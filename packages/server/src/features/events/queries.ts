import type { EventFilterQuery, EventListItem } from '@portal/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { events, folders } from '../../db/schema.ts';

const type = alias(folders, 'type');
const rig = alias(folders, 'rig');
const project = alias(folders, 'project');

function eventFilter(filter: Partial<EventFilterQuery>): SQL | undefined {
  return and(
    filter.user ? eq(events.createdBy, filter.user) : undefined,
    filter.eventType ? eq(events.typeId, filter.eventType) : undefined,
    filter.rig ? eq(events.rigId, filter.rig) : undefined,
  );
}

/** One page of events, newest first; the item count reads the (event_id, sequence) index. */
export async function selectEventPage(db: Executor, filter: EventFilterQuery): Promise<{ items: EventListItem[]; total: number }> {
  const where = eventFilter(filter);
  const rows = await db
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
      createdBy: events.createdBy,
      createdDate: events.createdAt,
      updatedBy: events.updatedBy,
      updatedDate: events.updatedAt,
    })
    .from(events)
    .innerJoin(type, eq(type.id, events.typeId))
    .innerJoin(rig, eq(rig.id, events.rigId))
    .innerJoin(project, eq(project.id, events.projectId))
    .where(where)
    .orderBy(desc(events.eventDate), desc(events.id))
    .limit(filter.pageSize)
    .offset(filter.page * filter.pageSize);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(events).where(where);
  return {
    total,
    items: rows.map((row) => ({ ...row, createdDate: row.createdDate.toISOString(), updatedDate: row.updatedDate.toISOString() })),
  };
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
