/**
 * Equipment and certificate look-ups for internal staff: global search, autocompletes and the
 * stamped id availability check. Owner scope applies to owned rows (docs/search.md).
 */
import {
  type Availability,
  type CertificateLookupItem,
  type CertificateLookupResult,
  type EquipmentAutocompleteItem,
  type EquipmentLookupItem,
  type EquipmentLookupResult,
  LOOKUP_COUNT_LIMIT,
  LOOKUP_LIMIT,
  type OwnerLabelColor,
  UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT,
  UserLevel,
} from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Executor } from '../../db/client.ts';
import { searchCertificateRows } from './certificate-search.ts';
import { searchEquipmentRows } from './equipment-search.ts';
import * as q from './queries.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

/** Spec section 6: below Events level, equipment search shows the first 5 results. */
export const equipmentLimit = (user: Pick<AuthUser, 'userLevel'>) =>
  user.userLevel < UserLevel.Events ? UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT : LOOKUP_LIMIT;

interface OwnerColumns {
  ownerId: number | null;
  ownerName: string | null;
  ownerShortCode: string | null;
  ownerLabel: string | null;
}

const ownerOf = (row: OwnerColumns) => ({
  id: row.ownerId ?? 0,
  name: row.ownerName ?? '',
  shortCode: row.ownerShortCode ?? '',
  label: (row.ownerLabel ?? 'default') as OwnerLabelColor,
});

type EquipmentRow = Awaited<ReturnType<typeof searchEquipmentRows>>['rows'][number];

function presentEquipment(row: EquipmentRow): EquipmentLookupItem {
  return {
    id: row.id,
    stampedId: row.stampedId,
    hidden: row.hidden,
    length: row.length,
    comment: row.comment,
    certificate:
      row.certificateId === null
        ? null
        : {
            id: row.certificateId,
            certificateNumber: row.certificateNumber ?? '',
            owner: ownerOf(row),
            type: row.type ?? '',
            subType: row.subType ?? '',
            dimension: row.dimension ?? '',
          },
  };
}

type CertificateRow = Awaited<ReturnType<typeof searchCertificateRows>>['rows'][number];

const presentCertificate = (row: CertificateRow): CertificateLookupItem => ({
  id: row.id,
  certificateNumber: row.certificateNumber,
  owner: ownerOf(row),
  type: row.type,
  subType: row.subType,
  dimension: row.dimension,
  dateSigned: row.dateSigned,
  itemCount: row.itemCount,
});

const counted = (total: number) => ({ total: Math.min(total, LOOKUP_COUNT_LIMIT), totalCapped: total > LOOKUP_COUNT_LIMIT });

/** GET /Equipment and GET /Equipment/Search: the first rows and the count. */
export async function searchEquipment(
  db: Executor,
  { user, scope, term, typeName }: Caller & { term: string; typeName?: string },
): Promise<EquipmentLookupResult> {
  const search = { term, scope, typeName, limit: equipmentLimit(user) };
  const { rows, total } = await searchEquipmentRows(db, search, { count: true });
  return { items: rows.map(presentEquipment), ...counted(total) };
}

/** GET /Equipment/autocomplete: stamped ids only. */
export async function autocompleteEquipment(
  db: Executor,
  { user, scope, term }: Caller & { term: string },
): Promise<EquipmentAutocompleteItem[]> {
  const { rows } = await searchEquipmentRows(db, { term, scope, limit: equipmentLimit(user) }, { count: false });
  return rows.map((row) => ({ id: row.id, stampedId: row.stampedId, linked: row.certificateId !== null }));
}

/** GET /Equipment/Available/{id}: global, and says nothing about the item that holds the id. */
export async function checkAvailability(db: Executor, { stampedId }: { stampedId: string }): Promise<Availability> {
  return { available: !(await q.stampedIdTaken(db, stampedId)) };
}

/** GET /Certificates/search: the first rows and the count. */
export async function searchCertificates(
  db: Executor,
  { scope, term }: Omit<Caller, 'user'> & { term: string },
): Promise<CertificateLookupResult> {
  const { rows, total } = await searchCertificateRows(db, { term, scope, limit: LOOKUP_LIMIT });
  return { items: rows.map(presentCertificate), ...counted(total) };
}

/** GET /Certificates/type: the certificate autocomplete. */
export async function autocompleteCertificates(
  db: Executor,
  { scope, term }: Omit<Caller, 'user'> & { term: string },
): Promise<CertificateLookupItem[]> {
  const { rows } = await searchCertificateRows(db, { term, scope, limit: LOOKUP_LIMIT });
  return rows.map(presentCertificate);
}
