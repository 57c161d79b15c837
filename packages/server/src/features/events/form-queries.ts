/** SQL of the event form: the record, pick lists, checks of the chosen folders and file, copying items. */
import type { StatusMeaning } from '@portal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { bool, int, readRows, renderRead, run } from '../../db/read.ts';
import { events, files, folders } from '../../db/schema.ts';
import { notInspectedStatusOf } from '../../db/statuses.ts';
import { project, rig, type } from './folder-aliases.ts';
import { eventColumns } from './queries.ts';

/** One event with its names, file and item count; undefined when it does not exist. */
export async function selectEvent(db: Executor, id: number) {
  const [row] = await prepared(db, 'events.record', () => eventRecordQuery(db)).execute({ id });
  return row;
}

/** The event with its names, file and version (prepared once per handle: db/prepared.ts). */
function eventRecordQuery(db: Executor) {
  return db
    .select({
      ...eventColumns,
      category: events.category,
      fileId: events.fileId,
      fileName: files.fileName,
      version: events.version,
    })
    .from(events)
    .innerJoin(type, eq(type.id, events.typeId))
    .innerJoin(rig, eq(rig.id, events.rigId))
    .innerJoin(project, eq(project.id, events.projectId))
    .leftJoin(files, eq(files.id, events.fileId))
    .where(eq(events.id, sql.placeholder('id')))
    .prepare(UNNAMED);
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof selectEvent>>>;

/** Types, rigs and projects that are enabled, plus the ones given (an edited event keeps a disabled project). */
export async function selectPickLists(db: Executor, keep: number[] = []) {
  const rows = await db
    .select({
      id: folders.id,
      name: folders.name,
      kind: folders.kind,
      color: folders.color,
      default: folders.isDefault,
      enabled: folders.enabled,
      parentId: folders.parentId,
    })
    .from(folders)
    .where(
      and(
        sql`${folders.kind} in ('project', 'rig', 'eventType')`,
        keep.length ? or(eq(folders.enabled, true), inArray(folders.id, keep)) : eq(folders.enabled, true),
      ),
    )
    .orderBy(folders.sortOrder, folders.name);
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ kind: _, ...entry }) => entry);
  return { types: of('eventType'), rigs: of('rig'), projects: of('project') };
}

/** The folders a body names, to check their kinds and the project's rig. */
export async function selectFolders(db: Executor, ids: number[]) {
  return db
    .select({ id: folders.id, kind: folders.kind, parentId: folders.parentId, enabled: folders.enabled })
    .from(folders)
    .where(inArray(folders.id, ids));
}

/**
 * A PDF the caller may attach: one they uploaded that nothing else uses, or the file this event (or
 * the event being copied) already has. Files of certificates stay with their certificates.
 */
export async function usablePdf(db: Executor, options: { fileId: number; email: string; eventIds: number[] }): Promise<boolean> {
  const ids = `{${options.eventIds.join(',')}}`;
  const read = renderRead('events.usablePdf', {
    columns: {
      ok: bool(sql`exists (
      select 1 from files f
      where f.id = ${options.fileId} and f.content_type = 'application/pdf'
        and (exists (select 1 from events e where e.file_id = f.id and e.id = any(${ids}::int[]))
          or (f.created_by = ${options.email}
            and not exists (select 1 from certificates c where c.file_id = f.id)
            and not exists (select 1 from event_item_images i where i.file_id = f.id)
            and not exists (select 1 from help_files h where h.file_id = f.id)))
    )`),
    },
    from: sql``,
  });
  const [{ ok }] = await readRows(db, read);
  return ok;
}

/**
 * Copies an event's items into a new event in one statement: the same equipment in the same order,
 * with the new event's type's `notInspected` status (db/statuses.ts): nobody has inspected them yet. Comments, notifications and images are findings of the
 * old event and stay there. Only items the caller's owners cover (and unlinked ones) are copied.
 */
export async function copyItems(
  db: Executor,
  options: { from: number; to: number; typeId: number; by: string; scope: OwnerScope },
): Promise<void> {
  await run(
    db,
    sql`
    insert into event_items (event_id, equipment_id, sequence, status_id, created_by, created_at, updated_by, updated_at)
    select ${options.to}, ei.equipment_id, row_number() over (order by ei.sequence, ei.id),
      ${notInspectedStatusOf(options.typeId)},
      ${options.by}, now(), ${options.by}, now()
    from event_items ei join equipment q on q.id = ei.equipment_id left join certificates c on c.id = q.certificate_id
    where ei.event_id = ${options.from} and ${itemInScope(options.scope)}`,
  );
}

/** How many of the event's items the caller's owners cover (unlinked ones included): what a copy with equipment takes. */
export async function countItemsInScope(db: Executor, eventId: number, scope: OwnerScope): Promise<number> {
  const read = renderRead('events.itemsInScope', {
    columns: { n: int(sql`count(*)`) },
    from: sql`from event_items ei join equipment q on q.id = ei.equipment_id
    left join certificates c on c.id = q.certificate_id
    where ei.event_id = ${eventId} and ${itemInScope(scope)}`,
  });
  const [{ n }] = await readRows(db, read);
  return n;
}

/** A status's meaning: the check constraint folders_status_meaning gives every status one. */
const statusMeaningOf = sql<StatusMeaning>`${folders.meaning}`;

/** The statuses of an event type, default first, then in the admin's order. */
export async function selectStatuses(db: Executor, typeId: number, enabledOnly: boolean) {
  return db
    .select({
      id: folders.id,
      name: folders.name,
      color: folders.color,
      default: folders.isDefault,
      enabled: folders.enabled,
      meaning: statusMeaningOf,
    })
    .from(folders)
    .where(and(eq(folders.kind, 'status'), eq(folders.parentId, typeId), enabledOnly ? eq(folders.enabled, true) : undefined))
    .orderBy(sql`${folders.isDefault} desc`, folders.sortOrder, folders.name);
}

export async function isEventType(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.kind, 'eventType')));
  return rows.length > 0;
}
