/**
 * SQL for reading certificates. Every read takes the caller's owner scope and applies it in the
 * WHERE clause, so a certificate of another owner reads as if it did not exist.
 */
import type { CertificateListItem, CertificateListQuery, CertificateSortKey, OwnerLabelColor } from '@portal/contract';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { inIntArray } from '../../db/prepared.ts';
import { date, defineRead, int, isoUtc, type RowOf, readRow, readRows, text } from '../../db/read.ts';
import { certificateCounts, certificateSubTypes, certificates, certificateTypes, dimensions, files, owners } from '../../db/schema.ts';
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
 * The rows are read by db/read.ts (decision 090): drizzle's mapping of the nested names was the
 * largest part of the server's own work per row.
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
      const read = defineRead('certificates.rows', () => listRows(sql`0`, sql`where ${inIntArray(certificates.id, 'ids')}`));
      return (await readRows(db, read, { ids })).map(presentListRow);
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
  const read = defineRead(key, () => {
    const order = sql.join(sortOrder(filter.sort, filter.direction), sql`, `);
    const where = and(owners.where, filter.owner ? eq(certificates.ownerId, sql.placeholder('owner')) : undefined);
    // The ids subquery names the table `certificates` in its own scope, so one sort expression serves both.
    const ids = sql`select ${certificates.id} from ${certificates} ${where ? sql`where ${where}` : sql``}
      order by ${order} limit ${opaqueInt('limit')} offset ${opaqueInt('offset')}`;
    const total = totalByOwners(preparedScope(certificateCounts.ownerId, scope).where, filter);
    return listRows(sql`(${total})`, sql`where ${certificates.id} = any(array(${ids})) order by ${order}`);
  });
  const values = { owners: owners.owners, owner: filter.owner, limit: filter.pageSize, offset: filter.page * filter.pageSize };
  const rows = await readRows(db, read, values);
  // A page past the end has no row to carry the total.
  const total = rows.length ? rows[0].total : await countByOwners(db, filter, scope);
  return { rows: rows.map(presentListRow), total };
}

/** The sum of the owners' maintained counts (db/tables/counts.ts) within the scope and the owner filter. */
function totalByOwners(inScope: SQL | undefined, filter: CertificateListQuery): SQL {
  const where = and(inScope, filter.owner ? eq(certificateCounts.ownerId, sql.placeholder('owner')) : undefined);
  return sql`select coalesce(sum(${certificateCounts.n}), 0)::int from ${certificateCounts} ${where ? sql`where ${where}` : sql``}`;
}

async function countByOwners(db: Executor, filter: CertificateListQuery, scope: OwnerScope): Promise<number> {
  const owners = preparedScope(certificateCounts.ownerId, scope);
  const read = defineRead(`certificates.count.${owners.key}.${filter.owner ? 'owner' : 'any'}`, () => ({
    columns: { total: int(sql`(${totalByOwners(owners.where, filter)})`) },
    from: sql``,
  }));
  const [row] = await readRows(db, read, { owners: owners.owners, owner: filter.owner });
  return row.total;
}

/** The certificate's owner and catalogue names (every certificate has them). */
const catalogueColumns = () => ({
  ownerId: int(owners.id),
  ownerName: text(owners.name),
  ownerShortCode: text(owners.shortCode),
  ownerLabel: text(owners.label),
  typeId: int(certificateTypes.id),
  typeName: text(certificateTypes.name),
  subTypeId: int(certificateSubTypes.id),
  subTypeName: text(certificateSubTypes.name),
  dimensionId: int(dimensions.id),
  dimensionName: text(dimensions.name),
});

/**
 * The list's rows with their catalogue names and equipment figures (a LATERAL aggregate on
 * equipment_certificate_idx), and `total` (the caller's).
 */
function listRows(total: SQL, rest: SQL) {
  return {
    columns: {
      id: int(certificates.id),
      certificateNumber: text(certificates.certificateNumber),
      dateSigned: date.orNull(certificates.dateSigned),
      ...catalogueColumns(),
      itemCount: int(sql`figures.item_count`),
      firstStampedId: text.orNull(sql`figures.first_stamped_id`),
      lastStampedId: text.orNull(sql`figures.last_stamped_id`),
      total: int(total),
    },
    from: sql`from ${certificates}
    ${catalogueJoins}
    cross join lateral (select count(*)::int as item_count, min(e.stamped_id) as first_stamped_id, max(e.stamped_id) as last_stamped_id
      from equipment e where e.certificate_id = ${certificates.id}) figures
    ${rest}`,
  };
}

const catalogueJoins = sql`join ${owners} on ${owners.id} = ${certificates.ownerId}
    join ${certificateTypes} on ${certificateTypes.id} = ${certificates.typeId}
    join ${certificateSubTypes} on ${certificateSubTypes.id} = ${certificates.subTypeId}
    join ${dimensions} on ${dimensions.id} = ${certificates.dimensionId}`;

type CatalogueRow = RowOf<ReturnType<typeof catalogueColumns>>;

/** Owner, type, sub-type and dimension, as catalogueColumns reads them. */
const presentCatalogue = (row: CatalogueRow) => ({
  owner: { id: row.ownerId, name: row.ownerName, shortCode: row.ownerShortCode, label: asOwnerLabel(row.ownerLabel) },
  type: { id: row.typeId, name: row.typeName },
  subType: { id: row.subTypeId, name: row.subTypeName },
  dimension: { id: row.dimensionId, name: row.dimensionName },
});

const presentListRow = (row: RowOf<ReturnType<typeof listRows>['columns']>): CertificateListItem => ({
  id: row.id,
  certificateNumber: row.certificateNumber,
  dateSigned: row.dateSigned,
  ...presentCatalogue(row),
  itemCount: row.itemCount,
  firstStampedId: row.firstStampedId,
  lastStampedId: row.lastStampedId,
});

/**
 * One certificate in the caller's scope, with its catalogue names and its file, or undefined; the
 * audit dates already as ISO text, the staff names still to be screened (certificate service).
 */
export async function selectCertificate(db: Executor, options: { id: number; scope: OwnerScope }) {
  const owners = preparedScope(certificates.ownerId, options.scope);
  const read = defineRead(`certificates.one.${owners.key}`, () => certificateRead(owners.where));
  const row = await readRow(db, read, { id: options.id, owners: owners.owners });
  return (
    row && {
      id: row.id,
      ownerId: row.ownerId,
      typeId: row.typeId,
      subTypeId: row.subTypeId,
      dimensionId: row.dimensionId,
      ...presentCatalogue(row),
      certificateNumber: row.certificateNumber,
      manufacturer: row.manufacturer,
      quality: row.quality,
      certifiedToCode: row.certifiedToCode,
      dateSigned: row.dateSigned,
      certificateIssuedBy: row.certificateIssuedBy,
      otherInformation: row.otherInformation,
      color: row.color,
      fileId: row.fileId,
      fileName: row.fileName,
      version: row.version,
      createdBy: row.createdBy,
      createdDate: row.createdDate,
      updatedBy: row.updatedBy,
      updatedDate: row.updatedDate,
    }
  );
}

function certificateRead(inScope: SQL | undefined) {
  return {
    columns: {
      id: int(certificates.id),
      // The owner's and catalogue's ids are the certificate's (inner joins on them).
      ...catalogueColumns(),
      certificateNumber: text(certificates.certificateNumber),
      manufacturer: text.orNull(certificates.manufacturer),
      quality: text.orNull(certificates.quality),
      certifiedToCode: text.orNull(certificates.certifiedToCode),
      dateSigned: date.orNull(certificates.dateSigned),
      certificateIssuedBy: text.orNull(certificates.certificateIssuedBy),
      otherInformation: text.orNull(certificates.otherInformation),
      color: text(certificates.color),
      fileId: int.orNull(certificates.fileId),
      fileName: text.orNull(files.fileName),
      version: int(certificates.version),
      createdBy: text.orNull(certificates.createdBy),
      createdDate: isoUtc(certificates.createdAt),
      updatedBy: text.orNull(certificates.updatedBy),
      updatedDate: isoUtc(certificates.updatedAt),
    },
    from: sql`from ${certificates}
    ${catalogueJoins}
    left join ${files} on ${files.id} = ${certificates.fileId}
    where ${and(eq(certificates.id, sql.placeholder('id')), inScope)}`,
  };
}
