import { and, asc, eq, sql } from 'drizzle-orm';
import { auditColumns } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { eventCounts, events, folders } from '../../db/schema.ts';
import { project, rig, type } from './folder-aliases.ts';

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
  // The authors from the maintained counts (a few hundred rows), not a distinct over every event.
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
