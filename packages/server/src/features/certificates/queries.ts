/**
 * SQL for reading certificates. Every read takes the caller's owner scope and applies it in the
 * WHERE clause, so a certificate of another owner reads as if it did not exist.
 */
import type { CertificateListQuery, CertificateSortKey, OwnerLabelColor } from '@portal/contract';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import { auditColumns } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { inIntArray, prepared, preparedScope, UNNAMED } from '../../db/prepared.ts';
import {
  certificateCounts,
  certificateSubTypes,
  certificates,
  certificateTypes,
  chips,
  dimensions,
  equipment,
  files,
  owners,
} from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

const ownerRefColumns = { id: owners.id, name: owners.name, shortCode: owners.shortCode, label: owners.label };
const catalogueColumns = {
  owner: ownerRefColumns,
  type: { id: certificateTypes.id, name: certificateTypes.name },
  subType: { id: certificateSubTypes.id, name: certificateSubTypes.name },
  dimension: { id: dimensions.id, name: dimensions.name },
};

/** The label column is text; the write path only ever stores the contract's colours. */
const asOwnerLabel = (label: string) => label as OwnerLabelColor;

/** LIKE's wildcards in a user's term match themselves. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listFilter(filter: CertificateListQuery, scope: OwnerScope): SQL | undefined {
  return and(
    inOwnerScope(certificates.ownerId, scope),
    filter.owner ? eq(certificates.ownerId, filter.owner) : undefined,
    // certificates_number_trgm serves terms of 3+ characters; shorter ones scan, which 50,000 rows allow.
    filter.search ? ilike(certificates.certificateNumber, likeTerm(filter.search)) : undefined,
  );
}

/**
 * Each sort is a total order an index walks (migration 0003): id (the primary key),
 * certificateNumber (certificate_number, id), dateSigned (date_signed, id). The owner sort orders
 * by the owner's name, then the certificate number: owners are named in another table, so that one
 * reads (owner_id, certificate_number, id) whole and sorts it, a top-N sort (with one owner in
 * scope or an owner filter, a few thousand rows).
 */
function sortOrder(sort: CertificateSortKey, direction: 'asc' | 'desc'): (SQL | PgColumn)[] {
  const by = direction === 'asc' ? asc : desc;
  const columns: Record<CertificateSortKey, (SQL | PgColumn)[]> = {
    id: [certificates.id],
    certificateNumber: [certificates.certificateNumber, certificates.id],
    dateSigned: [certificates.dateSigned, certificates.id],
    // The owners' name order, computed once per query (an InitPlan), as a position per row.
    owner: [
      sql`array_position(array(select o.id from owners o order by o.name, o.id), ${certificates.ownerId})`,
      certificates.certificateNumber,
      certificates.id,
    ],
  };
  return columns[sort].map((column) => by(column));
}

/**
 * One page of certificates. Without a search it is one statement: the page's ids walk the sort's
 * index (an InitPlan array, limit and offset as sub-selects so the statement is planned once per
 * connection), the names and equipment figures (count, first and last stamped id, an index-only scan
 * of equipment_certificate_idx on (certificate_id, stamped_id)) are read for those ids only, and the
 * total is the owners' maintained counts (db/tables/counts.ts). A search pages by the paging helper
 * (ids, then rows and a count(*) of the matches).
 *
 * EXPLAIN ANALYZE on the scale set (50,000 certificates, 200,000 equipment; PostgreSQL 15, busy
 * 2-core machine), page 0 / page 200 of 50: ids by id 0.06 / 0.8 ms, by number 0.96 ms (page 200),
 * by signed date 1.0 ms (page 200), all index-only scans that stop at offset + 50; by owner 20 / 34 ms
 * (top-N sort of all rows: the one slow sort); one owner in scope by id 0.08 / 2.3 ms; search
 * '0042' 3.0 ms (+ count 1.8 ms, certificates_number_trgm). Backend CPU of the one statement: page 0
 * 0.70 ms (1.14 before the covering index: BENCH-2000's 2,000 items read from the heap), page 200
 * 0.92 ms; before, three statements (ids, rows, total) in two round trips.
 */
export async function selectCertificatePage(db: Executor, filter: CertificateListQuery, scope: OwnerScope) {
  if (!filter.search) return selectUnsearchedPage(db, filter, scope);
  return selectPage(db, {
    from: certificates,
    id: certificates.id,
    where: listFilter(filter, scope),
    orderBy: sortOrder(filter.sort, filter.direction),
    page: filter.page,
    pageSize: filter.pageSize,
    rows: (ids: number[]) =>
      prepared(db, 'certificates.rows', () => listRows(db).where(inIntArray(certificates.id, 'ids')).prepare(UNNAMED))
        .execute({ ids })
        .then((rows) => rows.map(presentListRow)),
    idOf: (row) => row.id,
  });
}

/**
 * A value the planner cannot see into, so the statement keeps one plan for every page (a plain `$1`
 * limit and offset made PostgreSQL plan the six-table statement anew per page: about 1 ms). Drizzle's
 * limit and offset take a placeholder by type and any SQL at run time.
 */
const opaqueInt = (name: string) => sql`(select ${sql.placeholder(name)}::int)` as unknown as ReturnType<typeof sql.placeholder>;

async function selectUnsearchedPage(db: Executor, filter: CertificateListQuery, scope: OwnerScope) {
  const owners = preparedScope(certificates.ownerId, scope);
  const key = `certificates.page.${owners.key}.${filter.owner ? 'owner' : 'any'}.${filter.sort}.${filter.direction}`;
  const query = prepared(db, key, () => {
    const order = sortOrder(filter.sort, filter.direction);
    const ids = db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(owners.where, filter.owner ? eq(certificates.ownerId, sql.placeholder('owner')) : undefined))
      .orderBy(...order)
      .limit(opaqueInt('limit'))
      .offset(opaqueInt('offset'));
    const total = totalByOwners(db, preparedScope(certificateCounts.ownerId, scope).where, filter);
    return listRows(db, sql<number>`(${total})`)
      .where(sql`${certificates.id} = any(array(${ids}))`)
      .orderBy(...order)
      .prepare(UNNAMED);
  });
  const values = { owners: owners.owners, owner: filter.owner, limit: filter.pageSize, offset: filter.page * filter.pageSize };
  const rows = await query.execute(values);
  // A page past the end has no row to carry the total.
  const total = rows.length ? rows[0].total : await countByOwners(db, filter, scope);
  return { rows: rows.map(presentListRow), total };
}

/** The sum of the owners' maintained counts (db/tables/counts.ts) within the scope and the owner filter. */
function totalByOwners(db: Executor, inScope: SQL | undefined, filter: CertificateListQuery) {
  return db
    .select({ total: sql<number>`coalesce(sum(${certificateCounts.n}), 0)::int` })
    .from(certificateCounts)
    .where(and(inScope, filter.owner ? eq(certificateCounts.ownerId, sql.placeholder('owner')) : undefined));
}

function countByOwners(db: Executor, filter: CertificateListQuery, scope: OwnerScope): Promise<number> {
  const owners = preparedScope(certificateCounts.ownerId, scope);
  const query = prepared(db, `certificates.count.${owners.key}.${filter.owner ? 'owner' : 'any'}`, () =>
    totalByOwners(db, owners.where, filter).prepare(UNNAMED),
  );
  return query.execute({ owners: owners.owners, owner: filter.owner }).then(([row]) => row.total);
}

/** The list's rows with their catalogue names and equipment figures (a LATERAL aggregate on equipment_certificate_idx); `total` rides along. */
function listRows(db: Executor, total: SQL<number> = sql<number>`0`) {
  const figures = sql`figures`;
  return db
    .select({
      id: certificates.id,
      certificateNumber: certificates.certificateNumber,
      dateSigned: certificates.dateSigned,
      ...catalogueColumns,
      itemCount: sql<number>`${figures}.item_count`,
      firstStampedId: sql<string | null>`${figures}.first_stamped_id`,
      lastStampedId: sql<string | null>`${figures}.last_stamped_id`,
      total,
    })
    .from(certificates)
    .innerJoin(owners, eq(owners.id, certificates.ownerId))
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .innerJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .innerJoin(dimensions, eq(dimensions.id, certificates.dimensionId))
    .innerJoinLateral(
      sql`(select count(*)::int as item_count, min(e.stamped_id) as first_stamped_id, max(e.stamped_id) as last_stamped_id
        from equipment e where e.certificate_id = ${certificates.id}) ${figures}`,
      sql`true`,
    );
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listRows>['execute']>>[number];
const presentListRow = ({ total: _total, ...row }: ListRow) => ({ ...row, owner: { ...row.owner, label: asOwnerLabel(row.owner.label) } });

/** One certificate in the caller's scope, with its catalogue names and its file, or undefined. */
export async function selectCertificate(db: Executor, options: { id: number; scope: OwnerScope }) {
  const owners = preparedScope(certificates.ownerId, options.scope);
  const query = prepared(db, `certificates.one.${owners.key}`, () => certificateQuery(db, owners.where));
  const [row] = await query.execute({ id: options.id, owners: owners.owners });
  return row && { ...row, owner: { ...row.owner, label: asOwnerLabel(row.owner.label) } };
}

function certificateQuery(db: Executor, inScope: SQL | undefined) {
  return db
    .select({
      id: certificates.id,
      ownerId: certificates.ownerId,
      typeId: certificates.typeId,
      subTypeId: certificates.subTypeId,
      dimensionId: certificates.dimensionId,
      ...catalogueColumns,
      certificateNumber: certificates.certificateNumber,
      manufacturer: certificates.manufacturer,
      quality: certificates.quality,
      certifiedToCode: certificates.certifiedToCode,
      dateSigned: certificates.dateSigned,
      certificateIssuedBy: certificates.certificateIssuedBy,
      otherInformation: certificates.otherInformation,
      color: certificates.color,
      fileId: certificates.fileId,
      fileName: files.fileName,
      version: certificates.version,
      ...auditColumns(certificates),
    })
    .from(certificates)
    .innerJoin(owners, eq(owners.id, certificates.ownerId))
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .innerJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .innerJoin(dimensions, eq(dimensions.id, certificates.dimensionId))
    .leftJoin(files, eq(files.id, certificates.fileId))
    .where(and(eq(certificates.id, sql.placeholder('id')), inScope))
    .prepare(UNNAMED);
}

/**
 * The certificate's equipment rows by stamped id (equipment_certificate_idx), each with its parent's
 * stamped id, its chips (chips_equipment_idx), whether it has children and the latest status.
 * "Has children" and the latest status are per-row probes (LIMIT 1 on equipment_parent_idx, a LATERAL
 * on equipment_latest_status's key): written as EXISTS and a plain join, the planner read the whole
 * parent index and the whole status table for a large certificate. A certificate of 2,000 items on the
 * scale set: 66 ms before, 20 ms after; one of 4 items: 0.2 ms.
 */
export async function selectCertificateEquipment(db: Executor, certificateId: number) {
  const rows = await prepared(db, 'certificates.equipment', () => certificateEquipmentQuery(db)).execute({ certificateId });
  return rows.map(({ statusName, statusColor, ...row }) => ({
    ...row,
    latestStatus: statusName ? { name: statusName, color: statusColor ?? folderColorFallback } : null,
  }));
}

function certificateEquipmentQuery(db: Executor) {
  const status = sql`status`;
  return db
    .select({
      id: equipment.id,
      stampedId: equipment.stampedId,
      parentStampedId: sql<string | null>`(select p.stamped_id from equipment p where p.id = ${equipment.parentId})`,
      length: equipment.length,
      comment: equipment.comment,
      hidden: equipment.hidden,
      chips: sql<
        string[]
      >`array(select ${chips.chipId} from ${chips} where ${chips.equipmentId} = ${equipment.id} order by ${chips.chipId})`,
      hasChildren: sql<boolean>`coalesce((select true from equipment ch where ch.parent_id = ${equipment.id} limit 1), false)`,
      statusName: sql<string | null>`${status}.name`,
      statusColor: sql<string | null>`${status}.color`,
    })
    .from(equipment)
    .leftJoin(
      sql`lateral (select s.color, (select f.name from folders f where f.id = s.status_id) as name
        from equipment_latest_status s where s.equipment_id = ${equipment.id} limit 1) ${status}`,
      sql`true`,
    )
    .where(eq(equipment.certificateId, sql.placeholder('certificateId')))
    .orderBy(asc(equipment.stampedId))
    .prepare(UNNAMED);
}

/** A status without a stored colour shows as a plain label. */
const folderColorFallback = 'none';
