/**
 * SQL of the certificate editor (create, save, delete, series and import availability). Writes of
 * rows are set-based: each row state is one statement over arrays (`unnest`), and each statement
 * writes its equipment_history rows in the same statement (a data-modifying CTE), so a save of
 * 2,000 rows is a handful of statements, not 2,000 round trips.
 *
 * EXPLAIN ANALYZE on the scale set: docs/certificates.md "The editor's queries".
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible } from '../../db/equipment-scope.ts';
import { bool, int, readRows, renderRead, run, text } from '../../db/read.ts';
import { certificates, equipment } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';

const param = (values: readonly unknown[]) => sql.param(values);
const scoped = (scope: OwnerScope, column: SQL) => inOwnerScope(column, scope) ?? sql`true`;

export interface CatalogueNode {
  ownerId: number;
  typeId: number;
  subTypeId: number;
  dimensionId: number;
}

/** Whether each level of the node exists under the one above it, the owner within the caller's scope. */
export async function checkCatalogue(db: Executor, node: CatalogueNode, scope: OwnerScope) {
  const read = renderRead('certificates.checkCatalogue', {
    columns: {
      owner: bool(sql`exists (select 1 from owners o where o.id = ${node.ownerId} and ${scoped(scope, sql`o.id`)})`),
      type: bool(sql`exists (select 1 from certificate_types t where t.id = ${node.typeId} and t.owner_id = ${node.ownerId})`),
      subType: bool(
        sql`exists (select 1 from certificate_sub_types s where s.id = ${node.subTypeId} and s.certificate_type_id = ${node.typeId})`,
      ),
      dimension: bool(sql`exists (select 1 from dimensions d where d.id = ${node.dimensionId} and d.sub_type_id = ${node.subTypeId})`),
    },
    from: sql``,
  });
  const [row] = await readRows(db, read);
  return row;
}

/**
 * Whether the file may be a certificate's PDF: a stored PDF that the caller uploaded or that a
 * certificate of the caller's owners already has (a copy keeps the file), and that no certificate of
 * another owner has (the read rule of the files feature, docs/decisions/021).
 */
export async function usablePdf(db: Executor, options: { fileId: number; email: string; scope: OwnerScope }): Promise<boolean> {
  const inScope = scoped(options.scope, sql`c.owner_id`);
  const read = renderRead('certificates.usablePdf', {
    columns: {
      ok: bool(sql`exists (
      select 1 from files f
      where f.id = ${options.fileId} and f.content_type = 'application/pdf'
        and (f.created_by = ${options.email}
          or exists (select 1 from certificates c where c.file_id = f.id and ${inScope}))
        and not exists (select 1 from certificates c where c.file_id = f.id and not (${inScope}))
    )`),
    },
    from: sql``,
  });
  const [row] = await readRows(db, read);
  return row.ok;
}

export type CertificateValues = Omit<typeof certificates.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

export async function insertCertificate(db: Executor, values: CertificateValues): Promise<number> {
  const [row] = await db.insert(certificates).values(values).returning({ id: certificates.id });
  return row.id;
}

/**
 * The concurrency gate of a save: bumps the version only when it is still the one the editor
 * opened. The row stays locked until the transaction ends, so a second save with the same version
 * waits, then finds the new version and changes nothing.
 */
export async function bumpVersion(db: Executor, options: { id: number; version: number; scope: OwnerScope; by: string }) {
  const rows = await db
    .update(certificates)
    .set({ version: sql`${certificates.version} + 1`, updatedBy: options.by, updatedAt: new Date() })
    .where(
      and(eq(certificates.id, options.id), eq(certificates.version, options.version), inOwnerScope(certificates.ownerId, options.scope)),
    )
    .returning({ id: certificates.id });
  return rows.length > 0;
}

export async function updateCertificate(db: Executor, id: number, values: CertificateValues) {
  const { createdBy: _createdBy, ...changes } = values;
  await db.update(certificates).set(changes).where(eq(certificates.id, id));
}

/** The certificate in scope, locked (a delete waits for a save and the other way round); undefined when missing. */
export async function lockCertificate(db: Executor, options: { id: number; scope: OwnerScope }) {
  const [row] = await db
    .select({ id: certificates.id, fileId: certificates.fileId })
    .from(certificates)
    .where(and(eq(certificates.id, options.id), inOwnerScope(certificates.ownerId, options.scope)))
    .for('update');
  return row;
}

export interface KnownItem {
  id: number;
  stampedId: string;
  certificateId: number | null;
  hasParent: boolean;
  hasChildren: boolean;
  /** Whether the caller may see it (docs/security.md rules 4 and 9). */
  visible: boolean;
}

/**
 * The items holding these stamped ids in any case, with their relatives and whether the caller may see them.
 * The ids are joined from `unnest` through a lateral (`offset 0` keeps it one): each is one probe of
 * equipment_stamped_id_lower_idx (with `= any`, or a plain join on lower(), and 2,000 ids the planner
 * read the whole table), and "has children" is a LIMIT 1
 * probe of equipment_parent_idx per item (an `exists` became one hashed scan of the whole index).
 */
export async function selectItems(
  db: Executor,
  options: { stampedIds: string[]; viewer: { userType: number }; scope: OwnerScope },
): Promise<KnownItem[]> {
  if (!options.stampedIds.length) return [];
  const visible = equipmentVisible(options.viewer, options.scope) ?? sql`true`;
  const read = renderRead('certificates.editorItems', {
    columns: {
      id: int(equipment.id),
      stampedId: text(equipment.stampedId),
      certificateId: int.orNull(equipment.certificateId),
      hasParent: bool(sql`${equipment.parentId} is not null`),
      hasChildren: bool(sql`(select true from equipment ch where ch.parent_id = ${equipment.id} limit 1) is not null`),
      visible: bool(sql`coalesce(${visible}, false)`),
    },
    from: sql`from unnest(${param(options.stampedIds)}::text[]) as v(stamped_id)
    cross join lateral (select * from ${equipment} where ${sameStampedId(equipment.stampedId, sql`v.stamped_id`)} offset 0) ${equipment}
    left join ${certificates} on ${certificates.id} = ${equipment.certificateId}`,
  });
  return readRows(db, read);
}

/** Which of these stamped ids an item has, in any case (one probe of equipment_stamped_id_lower_idx each). */
export async function takenStampedIds(db: Executor, stampedIds: string[]): Promise<Set<string>> {
  if (!stampedIds.length) return new Set();
  const read = renderRead('certificates.takenStampedIds', {
    columns: { stampedId: text(sql`v.stamped_id`) },
    from: sql`from unnest(${param(stampedIds)}::text[]) as v(stamped_id)
    cross join lateral (select 1 from ${equipment} where ${sameStampedId(equipment.stampedId, sql`v.stamped_id`)} limit 1) e`,
  });
  return new Set((await readRows(db, read)).map((row) => row.stampedId));
}

/** The certificates among `ids` in the caller's scope, locked against a delete until the save ends. */
export async function certificatesInScope(db: Executor, options: { ids: number[]; scope: OwnerScope }): Promise<Set<number>> {
  if (!options.ids.length) return new Set();
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(sql`${certificates.id} = any(${param(options.ids)}::int[])`, inOwnerScope(certificates.ownerId, options.scope)))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

const historyColumns = sql.raw('equipment_id, stamped_id, certificate_id, length, hidden, comment, changed_at, changed_by');

export interface NewItem {
  stampedId: string;
  length: number | null;
  comment: string | null;
  hidden: boolean;
}

/**
 * Inserts the items with their first history rows; a stamped id taken meanwhile (the unique index)
 * is skipped, so the caller compares what came back and names the missing ids.
 */
export async function insertItems(db: Executor, options: { certificateId: number; items: NewItem[]; by: string; now: Date }) {
  if (!options.items.length) return [];
  const { items, by, now, certificateId } = options;
  const read = renderRead('certificates.insertItems', {
    with: sql`added as (
      insert into equipment (stamped_id, certificate_id, length, comment, hidden, created_by, created_at, updated_by, updated_at)
      select v.stamped_id, ${certificateId}::int, v.length, v.comment, v.hidden, ${by}::text, ${now}::timestamptz, ${by}::text, ${now}::timestamptz
      from unnest(${param(items.map((i) => i.stampedId))}::text[], ${param(items.map((i) => i.length))}::numeric[],
                  ${param(items.map((i) => i.comment))}::text[], ${param(items.map((i) => i.hidden))}::boolean[])
        as v(stamped_id, length, comment, hidden)
      on conflict do nothing
      returning id, stamped_id, certificate_id, length, hidden, comment
    ), history as (
      insert into equipment_history (${historyColumns})
      select id, stamped_id, certificate_id, length, hidden, comment, ${now}::timestamptz, ${by}::text from added
    )`,
    columns: { id: int(sql`id`), stampedId: text(sql`stamped_id`) },
    from: sql`from added`,
  });
  return readRows(db, read);
}

/** Sets the parents of items just added (no history: the item's first row was just written). */
export async function setParents(db: Executor, links: { id: number; parentId: number }[]) {
  if (!links.length) return;
  await run(
    db,
    sql`
    update equipment e set parent_id = v.parent_id
    from unnest(${param(links.map((l) => l.id))}::int[], ${param(links.map((l) => l.parentId))}::int[]) as v(id, parent_id)
    where e.id = v.id`,
  );
}

export interface ChangedItem extends NewItem {
  parentId: number | null;
}

/** Updates the changed rows of the certificate that differ, each with a history row; answers how many changed. */
export async function updateItems(db: Executor, options: { certificateId: number; items: ChangedItem[]; by: string; now: Date }) {
  if (!options.items.length) return 0;
  const { items, by, now, certificateId } = options;
  const read = renderRead('certificates.updateItems', {
    with: sql`v as (
      select * from unnest(${param(items.map((i) => i.stampedId))}::text[], ${param(items.map((i) => i.length))}::numeric[],
                           ${param(items.map((i) => i.comment))}::text[], ${param(items.map((i) => i.hidden))}::boolean[],
                           ${param(items.map((i) => i.parentId))}::int[])
        as v(stamped_id, length, comment, hidden, parent_id)
    ), changed as (
      update equipment e
      set length = v.length, comment = v.comment, hidden = v.hidden, parent_id = v.parent_id,
          version = e.version + 1, updated_by = ${by}::text, updated_at = ${now}::timestamptz
      from v
      where e.stamped_id = v.stamped_id and e.certificate_id = ${certificateId}::int
        and (e.length is distinct from v.length or e.comment is distinct from v.comment
          or e.hidden is distinct from v.hidden or e.parent_id is distinct from v.parent_id)
      returning e.id, e.stamped_id, e.certificate_id, e.length, e.hidden, e.comment
    ), history as (
      insert into equipment_history (${historyColumns})
      select id, stamped_id, certificate_id, length, hidden, comment, ${now}::timestamptz, ${by}::text from changed
    )`,
    columns: { changed: int(sql`count(*)`) },
    from: sql`from changed`,
  });
  const [row] = await readRows(db, read);
  return row.changed;
}

/**
 * Moves items of the certificate to other certificates (a null target unlinks them), each with a
 * history row. `stampedIds` null moves every item of the certificate (a certificate delete).
 */
export async function relinkItems(
  db: Executor,
  options: { certificateId: number; moves: { stampedId: string; targetId: number | null }[] | null; by: string; now: Date },
) {
  const { certificateId, moves, by, now } = options;
  if (moves && !moves.length) return 0;
  const target = moves
    ? sql`from unnest(${param(moves.map((m) => m.stampedId))}::text[], ${param(moves.map((m) => m.targetId))}::int[]) as v(stamped_id, target_id)
          where e.stamped_id = v.stamped_id and e.certificate_id = ${certificateId}::int`
    : sql`from (select null::int as target_id) v where e.certificate_id = ${certificateId}::int`;
  const read = renderRead('certificates.relinkItems', {
    with: sql`moved as (
      update equipment e
      set certificate_id = v.target_id, version = e.version + 1, updated_by = ${by}::text, updated_at = ${now}::timestamptz
      ${target}
      returning e.id, e.stamped_id, e.certificate_id, e.length, e.hidden, e.comment
    ), history as (
      insert into equipment_history (${historyColumns})
      select id, stamped_id, certificate_id, length, hidden, comment, ${now}::timestamptz, ${by}::text from moved
    )`,
    columns: { moved: int(sql`count(*)`) },
    from: sql`from moved`,
  });
  const [row] = await readRows(db, read);
  return row.moved;
}

export async function deleteCertificate(db: Executor, id: number) {
  await db.delete(certificates).where(eq(certificates.id, id));
}
