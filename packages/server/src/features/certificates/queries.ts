/**
 * SQL for reading certificates. Every read takes the caller's owner scope and applies it in the
 * WHERE clause, so a certificate of another owner reads as if it did not exist.
 */
import type {
  CertificateEquipment,
  CertificateListItem,
  CertificateListQuery,
  CertificateSortKey,
  OwnerLabelColor,
} from '@portal/contract';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import { type ArrayRow, arrayRows, isoUtc, renderOnce } from '../../db/array-rows.ts';
import type { Executor } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { inIntArray } from '../../db/prepared.ts';
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
import { inOwnerScope, preparedScope } from '../../db/scope.ts';

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
 * The sorts are index-only scans that stop at offset + page size, except by owner (a top-N sort of
 * all rows); EXPLAIN figures: docs/performance.md, 'Figures behind the code'.
 *
 * The rows come back as arrays and are shaped here (db/array-rows.ts, decision 051): drizzle's
 * mapping of the nested names was the largest part of the server's own work per row.
 */
export async function selectCertificatePage(
  db: Executor,
  filter: CertificateListQuery,
  scope: OwnerScope,
): Promise<{ rows: CertificateListItem[]; total: number }> {
  if (!filter.search) return selectUnsearchedPage(db, filter, scope);
  const where = listFilter(filter, scope);
  return selectPage(db, {
    from: certificates,
    id: certificates.id,
    where,
    orderBy: sortOrder(filter.sort, filter.direction),
    page: filter.page,
    pageSize: filter.pageSize,
    rows: async (ids: number[]) => {
      const statement = renderOnce('certificates.rows', () => sql`${listRows(sql`0`)} where ${inIntArray(certificates.id, 'ids')}`);
      return (await arrayRows(db, statement, { ids })).map(presentListRow);
    },
    idOf: (row) => row.id,
  });
}

/**
 * A value the planner cannot see into, so the statement keeps one plan for every page (a plain `$1`
 * limit and offset made PostgreSQL plan the six-table statement anew per page).
 */
const opaqueInt = (name: string) => sql`(select ${sql.placeholder(name)}::int)`;

async function selectUnsearchedPage(db: Executor, filter: CertificateListQuery, scope: OwnerScope) {
  const owners = preparedScope(certificates.ownerId, scope);
  const key = `certificates.page.${owners.key}.${filter.owner ? 'owner' : 'any'}.${filter.sort}.${filter.direction}`;
  const statement = renderOnce(key, () => {
    const order = sql.join(sortOrder(filter.sort, filter.direction), sql`, `);
    const where = and(owners.where, filter.owner ? eq(certificates.ownerId, sql.placeholder('owner')) : undefined);
    // The ids subquery names the table `certificates` in its own scope, so one sort expression serves both.
    const ids = sql`select ${certificates.id} from ${certificates} ${where ? sql`where ${where}` : sql``}
      order by ${order} limit ${opaqueInt('limit')} offset ${opaqueInt('offset')}`;
    const total = totalByOwners(preparedScope(certificateCounts.ownerId, scope).where, filter);
    return sql`${listRows(sql`(${total})`)} where ${certificates.id} = any(array(${ids})) order by ${order}`;
  });
  const values = { owners: owners.owners, owner: filter.owner, limit: filter.pageSize, offset: filter.page * filter.pageSize };
  const rows = await arrayRows(db, statement, values);
  // A page past the end has no row to carry the total.
  const total = rows.length ? (rows[0][TOTAL] as number) : await countByOwners(db, filter, scope);
  return { rows: rows.map(presentListRow), total };
}

/** The sum of the owners' maintained counts (db/tables/counts.ts) within the scope and the owner filter. */
function totalByOwners(inScope: SQL | undefined, filter: CertificateListQuery): SQL {
  const where = and(inScope, filter.owner ? eq(certificateCounts.ownerId, sql.placeholder('owner')) : undefined);
  return sql`select coalesce(sum(${certificateCounts.n}), 0)::int from ${certificateCounts} ${where ? sql`where ${where}` : sql``}`;
}

async function countByOwners(db: Executor, filter: CertificateListQuery, scope: OwnerScope): Promise<number> {
  const owners = preparedScope(certificateCounts.ownerId, scope);
  const statement = renderOnce(`certificates.count.${owners.key}.${filter.owner ? 'owner' : 'any'}`, () =>
    totalByOwners(owners.where, filter),
  );
  const [row] = await arrayRows(db, statement, { owners: owners.owners, owner: filter.owner });
  return row[0] as number;
}

/**
 * The list's rows with their catalogue names and equipment figures (a LATERAL aggregate on
 * equipment_certificate_idx), `total` in the last column; `presentListRow` reads them by position.
 */
function listRows(total: SQL): SQL {
  return sql`select ${certificates.id}, ${certificates.certificateNumber}, ${certificates.dateSigned},
      ${owners.id}, ${owners.name}, ${owners.shortCode}, ${owners.label},
      ${certificateTypes.id}, ${certificateTypes.name}, ${certificateSubTypes.id}, ${certificateSubTypes.name},
      ${dimensions.id}, ${dimensions.name},
      figures.item_count, figures.first_stamped_id, figures.last_stamped_id, ${total}
    from ${certificates}
    ${catalogueJoins}
    cross join lateral (select count(*)::int as item_count, min(e.stamped_id) as first_stamped_id, max(e.stamped_id) as last_stamped_id
      from equipment e where e.certificate_id = ${certificates.id}) figures`;
}
const TOTAL = 16;

/** The certificate's owner and catalogue names (every certificate has them). */
const catalogueJoins = sql`join ${owners} on ${owners.id} = ${certificates.ownerId}
    join ${certificateTypes} on ${certificateTypes.id} = ${certificates.typeId}
    join ${certificateSubTypes} on ${certificateSubTypes.id} = ${certificates.subTypeId}
    join ${dimensions} on ${dimensions.id} = ${certificates.dimensionId}`;

/** Owner, type, sub-type and dimension from eight columns starting at `at`, as listRows and the detail select them. */
const presentCatalogue = (row: ArrayRow, at: number) => ({
  owner: {
    id: row[at] as number,
    name: row[at + 1] as string,
    shortCode: row[at + 2] as string,
    label: asOwnerLabel(row[at + 3] as string),
  },
  type: { id: row[at + 4] as number, name: row[at + 5] as string },
  subType: { id: row[at + 6] as number, name: row[at + 7] as string },
  dimension: { id: row[at + 8] as number, name: row[at + 9] as string },
});

const presentListRow = (row: ArrayRow): CertificateListItem => ({
  id: row[0] as number,
  certificateNumber: row[1] as string,
  dateSigned: row[2] as string | null,
  ...presentCatalogue(row, 3),
  itemCount: row[13] as number,
  firstStampedId: row[14] as string | null,
  lastStampedId: row[15] as string | null,
});

/** One certificate in the caller's scope, with its catalogue names and its file, or undefined. */
export async function selectCertificate(db: Executor, options: { id: number; scope: OwnerScope }) {
  const owners = preparedScope(certificates.ownerId, options.scope);
  const statement = renderOnce(`certificates.one.${owners.key}`, () => certificateStatement(owners.where));
  const [row] = await arrayRows(db, statement, { id: options.id, owners: owners.owners });
  return row && presentCertificate(row);
}

function certificateStatement(inScope: SQL | undefined): SQL {
  return sql`select ${certificates.id}, ${certificates.ownerId}, ${certificates.typeId}, ${certificates.subTypeId},
      ${certificates.dimensionId},
      ${owners.id}, ${owners.name}, ${owners.shortCode}, ${owners.label},
      ${certificateTypes.id}, ${certificateTypes.name}, ${certificateSubTypes.id}, ${certificateSubTypes.name},
      ${dimensions.id}, ${dimensions.name},
      ${certificates.certificateNumber}, ${certificates.manufacturer}, ${certificates.quality}, ${certificates.certifiedToCode},
      ${certificates.dateSigned}, ${certificates.certificateIssuedBy}, ${certificates.otherInformation}, ${certificates.color},
      ${certificates.fileId}, ${files.fileName}, ${certificates.version},
      ${certificates.createdBy}, ${isoUtc(certificates.createdAt)}, ${certificates.updatedBy}, ${isoUtc(certificates.updatedAt)}
    from ${certificates}
    ${catalogueJoins}
    left join ${files} on ${files.id} = ${certificates.fileId}
    where ${and(eq(certificates.id, sql.placeholder('id')), inScope)}`;
}

/** The header's fields; the audit dates already as ISO text, the staff names still to be screened (certificate service). */
const presentCertificate = (row: ArrayRow) => ({
  id: row[0] as number,
  ownerId: row[1] as number,
  typeId: row[2] as number,
  subTypeId: row[3] as number,
  dimensionId: row[4] as number,
  ...presentCatalogue(row, 5),
  certificateNumber: row[15] as string,
  manufacturer: row[16] as string | null,
  quality: row[17] as string | null,
  certifiedToCode: row[18] as string | null,
  dateSigned: row[19] as string | null,
  certificateIssuedBy: row[20] as string | null,
  otherInformation: row[21] as string | null,
  color: row[22] as string,
  fileId: row[23] as number | null,
  fileName: row[24] as string | null,
  version: row[25] as number,
  createdBy: row[26] as string | null,
  createdDate: row[27] as string,
  updatedBy: row[28] as string | null,
  updatedDate: row[29] as string,
});

/**
 * The certificate's equipment rows by stamped id (equipment_certificate_idx), each with its parent's
 * stamped id, its chips (chips_equipment_idx), whether it has children and the latest status.
 * "Has children" and the latest status are per-row probes (LIMIT 1 on equipment_parent_idx, a LATERAL
 * on equipment_latest_status's key): written as EXISTS and a plain join, the planner read the whole
 * parent index and the whole status table for a large certificate. Rows as arrays, shaped here: for
 * 2,000 rows drizzle's mapping was a large part of the server's CPU (docs/performance.md).
 */
export async function selectCertificateEquipment(db: Executor, certificateId: number): Promise<CertificateEquipment[]> {
  const rows = await arrayRows(db, renderOnce('certificates.equipment', certificateEquipmentStatement), { certificateId });
  return rows.map((row) => ({
    id: row[0] as number,
    stampedId: row[1] as string,
    parentStampedId: row[2] as string | null,
    length: row[3] as number | null,
    comment: row[4] as string | null,
    hidden: row[5] as boolean,
    chips: row[6] as string[],
    hasChildren: row[7] as boolean,
    latestStatus: row[8] === null ? null : { name: row[8] as string, color: (row[9] as string | null) ?? folderColorFallback },
  }));
}

function certificateEquipmentStatement(): SQL {
  return sql`select ${equipment.id}, ${equipment.stampedId},
      (select p.stamped_id from equipment p where p.id = ${equipment.parentId}),
      ${equipment.length}, ${equipment.comment}, ${equipment.hidden},
      array(select ${chips.chipId} from ${chips} where ${chips.equipmentId} = ${equipment.id} order by ${chips.chipId}),
      coalesce((select true from equipment ch where ch.parent_id = ${equipment.id} limit 1), false),
      status.name, status.color
    from ${equipment}
    left join lateral (select s.color, (select f.name from folders f where f.id = s.status_id) as name
      from equipment_latest_status s where s.equipment_id = ${equipment.id} limit 1) status on true
    where ${equipment.certificateId} = ${sql.placeholder('certificateId')}
    order by ${equipment.stampedId} asc`;
}

/** A status without a stored colour shows as a plain label. */
const folderColorFallback = 'none';
